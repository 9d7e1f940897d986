// Placeholder until the screen lands.
export function Component() {
  return <p className="p-8">create-category-page</p>;
}
