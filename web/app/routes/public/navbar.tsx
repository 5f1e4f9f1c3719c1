import { useEffect, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { useSession } from "../../features/auth/api/session";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { nav, signedInLinks } from "../../lib/messages";
import { useSite } from "../../lib/site";

const links = [
  { to: "/home", label: nav.home },
  { to: "/blogs", label: nav.blogs },
  { to: "/contact-us", label: nav.contact },
  { to: "/about-us", label: nav.aboutUs },
] as const;

/**
 * SPEC §2 Navbar: signed out it offers Login; signed in, Dashboard and Sign Out (with a
 * confirmation). Collapses behind a toggle below the lg breakpoint; Escape closes the open menu
 * and gives the focus back to its toggle, and choosing a link closes it. The current page's link
 * carries aria-current="page". Bootstrap's navbar classes on plain markup: every public page
 * loads it first, so it carries no component library.
 */
export function Navbar() {
  const site = useSite();
  const session = useSession();
  const [expanded, setExpanded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setExpanded(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [expanded]);
  const close = () => setExpanded(false);
  const signedIn = Boolean(session.data);
  const item = (to: string, label: string) => (
    <li className="nav-item" key={to}>
      <NavLink to={to} className="nav-link" onClick={close}>
        {label}
      </NavLink>
    </li>
  );
  return (
    <nav
      aria-label={nav.main}
      className="border-bottom site-navbar navbar navbar-expand-lg navbar-light bg-white sticky-top"
    >
      <div className="container">
        <Link to="/home" className="d-flex align-items-center gap-2 fw-bold navbar-brand">
          <img src={site.logo} alt="" width="32" height="32" />
          {site.name}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={`navbar-toggler${expanded ? "" : " collapsed"}`}
          aria-controls="site-navbar-links"
          aria-expanded={expanded}
          aria-label={nav.toggle}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`navbar-collapse collapse${expanded ? " show" : ""}`} id="site-navbar-links">
          <ul className="ms-auto navbar-nav">
            {links.map((link) => item(link.to, link.label))}
            {signedIn ? (
              <>
                {item("/dashboard", signedInLinks.dashboard)}
                <li className="nav-item">
                  <SignOutButton label={signedInLinks.signOut} className="nav-link" onOpen={close} />
                </li>
              </>
            ) : (
              item("/login", nav.login)
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
