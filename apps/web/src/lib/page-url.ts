// The address of the page being shown, for share links. The server renders the storefront
// (docs/decisions/0027-server-rendered-storefront.md) with the address the visitor asked for, so the links in the
// first response are whole and the browser hydrates the same markup.
let serverPageUrl = '';

/** On the server, just before rendering a page. */
export function setServerPageUrl(url: string): void {
  serverPageUrl = url;
}

export function pageUrl(): string {
  return typeof window === 'undefined' ? serverPageUrl : window.location.href;
}
