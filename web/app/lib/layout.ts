/** The id of every page's <main>: the skip link, first on the page, moves focus there. */
export const mainContentId = "main-content";
