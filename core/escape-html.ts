// Text put into HTML that the server writes itself (sandbox and dev pages, ONDC's form pages): the five
// characters that could end an attribute or start a tag, as numeric references.
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
