// Placeholder until the screen lands.
export function Component() {
  return <p className="p-8">profile-page</p>;
}
