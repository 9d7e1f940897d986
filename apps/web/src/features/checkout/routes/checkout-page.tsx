// Placeholder until the screen lands.
export function Component() {
  return <p className="p-8">checkout-page</p>;
}
