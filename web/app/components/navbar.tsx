import { Navbar as BootstrapNavbar, Container, Nav } from "react-bootstrap";
import { Link, NavLink } from "react-router";
import { nav } from "../lib/messages";
import { site } from "../lib/site";

const links = [
  { to: "/home", label: nav.home },
  { to: "/blogs", label: nav.blogs },
  { to: "/contact-us", label: nav.contact },
  { to: "/about-us", label: nav.aboutUs },
  { to: "/login", label: nav.login },
] as const;

/** SPEC §2 Navbar, signed-out state. Collapses behind a toggle below the lg breakpoint. */
export function Navbar() {
  return (
    <BootstrapNavbar
      expand="lg"
      bg="white"
      className="border-bottom site-navbar"
      collapseOnSelect
      sticky="top"
    >
      <Container>
        <BootstrapNavbar.Brand as={Link} to="/home" className="d-flex align-items-center gap-2 fw-bold">
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          {site.name}
        </BootstrapNavbar.Brand>
        <BootstrapNavbar.Toggle aria-controls="site-navbar-links" aria-label={nav.toggle} />
        <BootstrapNavbar.Collapse id="site-navbar-links">
          <Nav className="ms-auto" as="ul">
            {links.map((link) => (
              <Nav.Item as="li" key={link.to}>
                <Nav.Link as={NavLink} to={link.to} eventKey={link.to}>
                  {link.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        </BootstrapNavbar.Collapse>
      </Container>
    </BootstrapNavbar>
  );
}
