/** Canonical public origin of the site (sample). Kept alone so page metadata can use it without the whole site configuration. */
export const SITE_URL = "https://www.salaryontime.in";
