import { type ReactNode, useState } from "react";
import { Button, Nav } from "react-bootstrap";
import { Link, NavLink } from "react-router";
import { dashboardMenu } from "../../../lib/messages";
import { site } from "../../../lib/site";
import { LogoutModal } from "../../auth/components/logout-modal";

export type MenuLink = { to: string; label: string; end?: boolean };

/** The dashboards' side menu: their links, then Log Out (with confirmation) and Back Home. */
export function SideMenu({ label, links, footer }: { label: string; links: MenuLink[]; footer?: ReactNode }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <aside className="dashboard-menu bg-dark text-white p-3 h-100">
      <Link
        to="/home"
        className="d-flex align-items-center gap-2 text-white text-decoration-none fw-bold mb-4"
      >
        <img src="/images/logo.svg" alt="" width="28" height="28" />
        {site.name}
      </Link>
      <Nav as="nav" aria-label={label} className="flex-column gap-1">
        {links.map((link) => (
          <Nav.Link
            key={link.to}
            as={NavLink}
            to={link.to}
            end={link.end}
            className="text-white rounded px-3"
          >
            {link.label}
          </Nav.Link>
        ))}
        <Button
          variant="link"
          className="nav-link text-white text-start px-3"
          onClick={() => setConfirming(true)}
        >
          {dashboardMenu.logOut}
        </Button>
        <Nav.Link as={Link} to="/home" className="text-white px-3">
          {dashboardMenu.backHome}
        </Nav.Link>
      </Nav>
      {footer}
      <LogoutModal show={confirming} onClose={() => setConfirming(false)} />
    </aside>
  );
}
