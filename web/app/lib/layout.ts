/** The id of every page's <main>: the skip link, first on the page, moves focus there. */
export const mainContentId = "main-content";

// SPEC §9 breakpoints.

/** Dashboard lists are tables from md up; below it a table's columns would not fit a phone. */
export const wideListQuery = "(min-width: 768px)";

/** The dashboards' side menu stays beside the page from lg up; below it, it slides in on demand. */
export const dockedMenuQuery = "(min-width: 992px)";
