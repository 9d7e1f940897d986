// OpenStreetMap's embeddable map (allowed by the CSP frame-src), centred on the shop with a marker.
export function mapEmbedUrl({ lat, lon }: { lat: number; lon: number }): string {
  const d = 0.012;
  const bbox = [lon - d, lat - d * 0.6, lon + d, lat + d * 0.6].map((n) => n.toFixed(4)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`;
}

export function mapLinkUrl({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
