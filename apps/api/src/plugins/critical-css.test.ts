import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, loadPageStyles } from './critical-css.js';

// The shape Tailwind 4 and Lightning CSS give the built sheet: layers, flattened media queries, escaped names.
const SHEET = [
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-ink:#2b2733}}',
  '@layer base{*,:after,:before{box-sizing:border-box}body{margin:0}}',
  '@layer components{.card{border-radius:1rem}.btn-primary{color:red}@media (hover:hover){.btn-primary:hover{color:blue}}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.sr-only{position:absolute}',
  ':where(.space-y-2>:not(:last-child)){margin-top:.5rem}',
  ':where(.space-y-3>:not(:last-child)){margin-top:.75rem}',
  '.\\[\\&_a\\]\\:font-bold a{font-weight:700}',
  '.top-1\\/2{top:50%}',
  ':is(:where(.group):hover .group-hover\\:scale-\\[1\\.03\\]){scale:1.03}',
  '.focus\\:not-sr-only:focus{position:static}',
  '.peer:not(.is-open)~.hint{display:none}',
  '.a,.b{color:green}',
  '.content\\:x:before{content:"}{"}',
  '@media (width>=40rem){.sm\\:p-4{padding:1rem}.sm\\:p-8{padding:2rem}}',
  '@media (width>=80rem){.\\32 xl\\:hidden{display:none}}',
  '}',
  '@font-face{font-family:Nunito Variable;font-display:swap;src:url(/assets/nunito.woff2)format("woff2")}',
  '@font-face{font-family:Nunito Roboto;src:local(Roboto);size-adjust:101%}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

const markup = (classes: string) => `<div class="${classes}"><a href="/x">x</a></div>`;

describe('critical CSS: the rules a rendered page can use', () => {
  const critical = criticalCss(SHEET);

  it('keeps the rules of the classes in the markup, with their layer and media query, and drops the rest', () => {
    const css = critical.forMarkup(markup('card flex sm:p-4'));
    expect(css).toContain('@layer components{.card{border-radius:1rem}}');
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('@media (width>=40rem){.sm\\:p-4{padding:1rem}}');
    for (const dropped of ['.grid{', '.btn-primary', '.sm\\:p-8', '@media (hover:hover)', '@media (width>=80rem)'])
      expect(css).not.toContain(dropped);
  });

  it('keeps what needs no class: the layer order, theme, base rules, @property, @keyframes and local font faces', () => {
    const css = critical.forMarkup(markup('flex'));
    expect(
      css.startsWith('@layer theme,base,components,utilities;@layer theme{:root,:host{--color-ink:#2b2733}}'),
    ).toBe(true);
    expect(css).toContain('@layer base{*,:after,:before{box-sizing:border-box}body{margin:0}}');
    expect(css).toContain('@property --tw-shadow{');
    expect(css).toContain('@keyframes spin{');
    expect(css).toContain('@font-face{font-family:Nunito Roboto;src:local(Roboto);size-adjust:101%}');
  });

  it('leaves downloaded fonts to the whole sheet, so they do not compete with the first paint', () => {
    expect(critical.forMarkup(markup('flex'))).not.toContain('nunito.woff2');
  });

  it("reads an escaped quote in a name as part of the name, not as a string's start", () => {
    // Tailwind's `after:content-['']`: read as a string, it ran on to the next quote and kept the rules between.
    const sheet =
      "@layer utilities{.after\\:content-\\[\\'\\'\\]:after{content:''}.flex{display:flex}.grid{display:grid}}" +
      '@font-face{font-family:Nunito Variable;src:url(/assets/nunito.woff2)format("woff2")}';
    expect(criticalCss(sheet).forMarkup(markup('flex'))).toBe('@layer utilities{.flex{display:flex}}');
  });

  it("reads Tailwind's escaped names: variants, arbitrary values, fractions and a leading digit", () => {
    const css = critical.forMarkup(
      markup('[&amp;_a]:font-bold top-1/2 group group-hover:scale-[1.03] focus:not-sr-only 2xl:hidden'),
    );
    expect(css).toContain('.\\[\\&_a\\]\\:font-bold a{font-weight:700}');
    expect(css).toContain('.top-1\\/2{top:50%}');
    expect(css).toContain(':is(:where(.group):hover .group-hover\\:scale-\\[1\\.03\\]){scale:1.03}');
    expect(css).toContain('.focus\\:not-sr-only:focus{position:static}');
    expect(css).toContain('@media (width>=80rem){.\\32 xl\\:hidden{display:none}}');
    // group-hover needs the group too
    expect(critical.forMarkup(markup('group-hover:scale-[1.03]'))).not.toContain('scale:1.03');
  });

  it('requires the class inside a one-argument :where(), never one inside :not()', () => {
    const css = critical.forMarkup(markup('space-y-2 peer hint'));
    expect(css).toContain(':where(.space-y-2>:not(:last-child)){margin-top:.5rem}');
    expect(css).not.toContain('.space-y-3');
    expect(css).toContain('.peer:not(.is-open)~.hint{display:none}');
  });

  it('keeps a rule when any selector of its list can match, and reads braces inside strings as text', () => {
    expect(critical.forMarkup(markup('b'))).toContain('.a,.b{color:green}');
    expect(critical.forMarkup(markup('content:x'))).toContain('.content\\:x:before{content:"}{"}');
    expect(critical.forMarkup(markup('flex'))).not.toContain('content:"}{"');
  });

  it('gives the same text for the same classes in another order', () => {
    expect(critical.forMarkup(markup('flex card'))).toBe(
      critical.forMarkup(`<p class="card"></p><p class="flex"></p>`),
    );
  });
});

describe('classesIn', () => {
  it('reads every class attribute, with HTML entities decoded', () => {
    expect([...classesIn('<a class="x  y"></a><b class="[&amp;_a]:z"></b><i data-class="no"></i>')]).toEqual([
      'x',
      'y',
      '[&_a]:z',
    ]);
  });
});

describe('loadPageStyles', () => {
  const shell =
    '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head><body><div id="root"></div></body>';

  it("puts the page's rules inline where the stylesheet was, and the sheet after them at low priority", () => {
    const styles = loadPageStyles((file) => (file === 'assets/index-abc.css' ? SHEET : null), shell)!;
    const html = styles.inline(shell, markup('flex'));
    expect(html).toContain(
      '<style>@layer theme,base,components,utilities;@layer theme{:root,:host{--color-ink:#2b2733}}',
    );
    expect(html).toContain(
      '</style>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc.css" media="print" data-full-style disabled>',
    );
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });

  it('is null when the shell links no stylesheet or the file is missing', () => {
    expect(loadPageStyles(() => SHEET, '<head></head>')).toBeNull();
    expect(loadPageStyles(() => null, shell)).toBeNull();
  });
});
