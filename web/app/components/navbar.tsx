import { lazy, Suspense, useState } from "react";
import { Navbar as BootstrapNavbar, Button, Container, Nav } from "react-bootstrap";
import { Link, NavLink } from "react-router";
import { useSession } from "../features/auth/api/session";
import { accountMessages, nav } from "../lib/messages";
import { site } from "../lib/site";

// Signed-out visitors never need it: fetched the first time someone signs out.
const LogoutModal = lazy(() =>
  import("../features/auth/components/logout-modal").then((m) => ({ default: m.LogoutModal })),
);

const links = [
  { to: "/home", label: nav.home },
  { to: "/blogs", label: nav.blogs },
  { to: "/contact-us", label: nav.contact },
  { to: "/about-us", label: nav.aboutUs },
] as const;

/**
 * SPEC §2 Navbar: signed out it offers Login; signed in, Dashboard and Sign Out (with a
 * confirmation). Collapses behind a toggle below the lg breakpoint.
 */
export function Navbar() {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  // Stays mounted after the first use so the modal can animate out when it closes.
  const [modalLoaded, setModalLoaded] = useState(false);
  const signedIn = Boolean(session.data);
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
          <img src={site.logo} alt="" width="32" height="32" />
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
            {signedIn ? (
              <>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/dashboard" eventKey="/dashboard">
                    {accountMessages.dashboard}
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Button
                    variant="link"
                    className="nav-link"
                    onClick={() => {
                      setModalLoaded(true);
                      setConfirming(true);
                    }}
                  >
                    {accountMessages.signOut}
                  </Button>
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
      {modalLoaded ? (
        <Suspense fallback={null}>
          <LogoutModal show={confirming} onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </BootstrapNavbar>
  );
}
