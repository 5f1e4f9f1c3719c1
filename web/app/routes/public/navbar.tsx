import { useEffect, useRef, useState } from "react";
import { Navbar as BootstrapNavbar, Container, Nav } from "react-bootstrap";
import { Link, NavLink } from "react-router";
import { useSession } from "../../features/auth/api/auth";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { accountMessages, nav } from "../../lib/messages";
import { site } from "../../lib/site";

const links = [
  { to: "/home", label: nav.home },
  { to: "/blogs", label: nav.blogs },
  { to: "/contact-us", label: nav.contact },
  { to: "/about-us", label: nav.aboutUs },
] as const;

/**
 * SPEC §2 Navbar: signed out it offers Login; signed in, Dashboard and Sign Out (with a
 * confirmation). Collapses behind a toggle below the lg breakpoint; Escape closes the open menu
 * and gives the focus back to its toggle. The current page's link carries aria-current="page".
 */
export function Navbar() {
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
  const signedIn = Boolean(session.data);
  return (
    <BootstrapNavbar
      expand="lg"
      bg="white"
      className="border-bottom site-navbar"
      aria-label={nav.main}
      collapseOnSelect
      expanded={expanded}
      onToggle={setExpanded}
      sticky="top"
    >
      <Container>
        <BootstrapNavbar.Brand as={Link} to="/home" className="d-flex align-items-center gap-2 fw-bold">
          <img src={site.logo} alt="" width="32" height="32" />
          {site.name}
        </BootstrapNavbar.Brand>
        <BootstrapNavbar.Toggle
          ref={toggleRef}
          aria-controls="site-navbar-links"
          aria-expanded={expanded}
          aria-label={nav.toggle}
        />
        <BootstrapNavbar.Collapse id="site-navbar-links">
          <Nav className="ms-auto" as="ul">
            {links.map((link) => (
              <Nav.Item as="li" key={link.to}>
                <Nav.Link as={NavLink} to={link.to} eventKey={link.to}>
                  {link.label}
                </Nav.Link>
              </Nav.Item>
            ))}
            {signedIn ? (
              <>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/dashboard" eventKey="/dashboard">
                    {accountMessages.dashboard}
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <SignOutButton
                    label={accountMessages.signOut}
                    className="nav-link"
                    onOpen={() => setExpanded(false)}
                  />
                </Nav.Item>
              </>
            ) : (
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/login" eventKey="/login">
                  {nav.login}
                </Nav.Link>
              </Nav.Item>
            )}
          </Nav>
        </BootstrapNavbar.Collapse>
      </Container>
    </BootstrapNavbar>
  );
}
