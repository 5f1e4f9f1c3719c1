import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { dockedMenuQuery, mainContentId } from "../lib/layout";
import { dashboardMenu } from "../lib/messages";
import { useSite } from "../lib/site";
import { useMediaQuery } from "../lib/use-media-query";

export type MenuLink = {
  to: string;
  label: string;
  /** The dashboard's own path, where this link's page shows too (e.g. /dashboard shows the profile). */
  alsoOn?: string;
  /** Pages under this path belong to this link too (an order's page to the list of orders). */
  alsoUnder?: string;
  /** Shown after the label, e.g. a count of unread messages. */
  badge?: ReactNode;
  /** The heading of the group it is listed under (links of one group follow each other). */
  group?: string;
};

/** The links in runs of one group each (a run without a group has no heading). */
function groupsOf(links: readonly MenuLink[]): { group: string | undefined; links: MenuLink[] }[] {
  const runs: { group: string | undefined; links: MenuLink[] }[] = [];
  for (const link of links) {
    const last = runs.at(-1);
    if (last && last.group === link.group) last.links.push(link);
    else runs.push({ group: link.group, links: [link] });
  }
  return runs;
}

type Props = {
  /** The menu's accessible name. */
  label: string;
  links: readonly MenuLink[];
  /** The Log Out control, between the links and Back Home. */
  logOut: ReactNode;
  /** What follows the menu (the way to the other dashboard). */
  footer?: ReactNode;
  /** Said above every page of the dashboard (test mode). */
  notice?: ReactNode;
  children: ReactNode;
};

const menuId = "dashboard-menu";

/** A button among the menu's links (Log Out), styled as one of them. */
export const menuButtonClassName = "nav-link text-white text-start rounded px-3 w-100";

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function isCurrent(link: MenuLink, pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return (
    path === link.to ||
    path.startsWith(`${link.to}/`) ||
    path === link.alsoOn ||
    (link.alsoUnder !== undefined && path.startsWith(`${link.alsoUnder}/`))
  );
}

/** The shop's name and logo, back to the home page (in the phone bar and the menu). */
function HomeLink() {
  const site = useSite();
  return (
    <Link to="/home" className="d-flex align-items-center gap-2 text-white text-decoration-none fw-bold">
      <img src={site.logo} alt="" width="28" height="28" />
      {site.name}
    </Link>
  );
}

/**
 * SPEC §2 dashboards: the side menu beside the page from lg up. Below lg it is off-canvas behind a
 * Menu button: it closes on Escape, on a link and on the backdrop, takes the focus when it opens and
 * gives it back to the button when it closes.
 */
export function DashboardFrame({ label, links, logOut, footer, notice, children }: Props) {
  const { pathname } = useLocation();
  const docked = useMediaQuery(dockedMenuQuery);
  const [open, setOpen] = useState(false);
  const shown = open && !docked;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  useEffect(() => {
    if (!shown) return;
    panelRef.current?.querySelector<HTMLElement>("nav a")?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      // Escape in the Log Out confirmation closes that dialog only.
      if (event.key !== "Escape" || document.body.classList.contains("modal-open")) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [shown]);

  // Following a link (the menu's or the footer's) closes the menu on its way to the next page.
  function closeOnLink(event: MouseEvent<HTMLElement>) {
    if (shown && event.target instanceof Element && event.target.closest("a")) close();
  }

  return (
    <div className="container-fluid bg-body-tertiary">
      <div className="row min-vh-100 align-content-start align-content-lg-stretch">
        <div className="col-12 d-flex d-lg-none align-items-center justify-content-between gap-3 bg-dark text-white py-2">
          <HomeLink />
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline-light btn-sm"
            aria-expanded={shown}
            aria-controls={menuId}
            onClick={() => setOpen(!shown)}
          >
            {dashboardMenu.openMenu}
          </button>
        </div>
        <div className="col-lg-3 col-xl-2 p-0">
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside take Enter themselves; this only hears their clicks bubble up. */}
          <aside
            ref={panelRef}
            id={menuId}
            className={`dashboard-menu offcanvas-lg offcanvas-start text-white p-3 h-100${shown ? " show" : ""}`}
            onClick={closeOnLink}
          >
            <div className="d-flex align-items-center justify-content-between mb-4">
              <HomeLink />
              <button
                type="button"
                className="btn-close btn-close-white d-lg-none"
                aria-label={dashboardMenu.closeMenu}
                onClick={close}
              />
            </div>
            <nav aria-label={label}>
              <ul className="nav flex-column gap-1">
                {groupsOf(links).map(({ group, links: run }) => {
                  const items = run.map((link) => {
                    const current = isCurrent(link, pathname);
                    return (
                      <li key={link.to} className="nav-item">
                        <Link
                          to={link.to}
                          className={`nav-link text-white rounded px-3${current ? " active" : ""}`}
                          aria-current={current ? "page" : undefined}
                        >
                          {link.label}
                          {link.badge}
                        </Link>
                      </li>
                    );
                  });
                  if (!group) return items;
                  const headingId = `menu-group-${group.replace(/\W+/g, "-").toLowerCase()}`;
                  return (
                    <li key={group} className="nav-item mt-2">
                      <span id={headingId} className="d-block small text-uppercase text-white-50 px-3 mb-1">
                        {group}
                      </span>
                      <ul className="nav flex-column gap-1" aria-labelledby={headingId}>
                        {items}
                      </ul>
                    </li>
                  );
                })}
                <li className="nav-item">{logOut}</li>
                <li className="nav-item">
                  <Link to="/home" className="nav-link text-white rounded px-3">
                    {dashboardMenu.backHome}
                  </Link>
                </li>
              </ul>
            </nav>
            {footer}
          </aside>
        </div>
        {shown ? <div className="offcanvas-backdrop fade show" aria-hidden="true" onClick={close} /> : null}
        <main id={mainContentId} className="col-12 col-lg-9 col-xl-10 p-3 p-md-4 bg-body-tertiary">
          {notice}
          {children}
        </main>
      </div>
    </div>
  );
}
