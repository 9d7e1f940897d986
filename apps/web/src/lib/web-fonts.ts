import fredokaLatin from '@fontsource-variable/fredoka/files/fredoka-latin-wght-normal.woff2?url';
import nunitoLatin from '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url';

// The shop's two web fonts, loaded by script rather than declared in the stylesheet
// (docs/decisions/0030-paint-first-then-scripts.md). A declared face makes the browser lay the page out again when the
// declaration applies and again when the file arrives; on a cheap phone each is a long task. Fetched first and added
// once loaded, in the same task as the whole stylesheet, they cost one layout. Until then, and for any letter they
// lack, the page uses the metric-matched local faces of index.css (docs/decisions/0028-preact-runtime.md).
// Fontsource's latin subset holds every Spanish letter and sign.
const FACES = [
  { family: 'Nunito Variable', weight: '200 1000', url: nunitoLatin },
  { family: 'Fredoka Variable', weight: '300 700', url: fredokaLatin },
];

/**
 * Downloads both fonts; resolves (never rejects) with what puts those that loaded to use. The text that names them
 * is laid out again once, when it is called. Offline, the page keeps its local faces.
 */
export async function loadWebFonts(): Promise<() => void> {
  if (typeof FontFace === 'undefined' || !document.fonts) return () => {};
  const faces = await Promise.all(
    FACES.map(({ family, weight, url }) =>
      new FontFace(family, `url(${url}) format('woff2')`, { weight, display: 'swap' }).load().catch(() => null),
    ),
  );
  return () => {
    for (const face of faces) if (face) document.fonts.add(face);
  };
}
