export function HomePage() {
  return <h1 className="p-8 font-display text-3xl">Juguetes que Inspiran Creatividad</h1>;
}
