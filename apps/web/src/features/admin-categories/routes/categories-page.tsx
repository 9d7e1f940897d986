// Placeholder until the screen lands.
export function Component() {
  return <p className="p-8">categories-page</p>;
}
