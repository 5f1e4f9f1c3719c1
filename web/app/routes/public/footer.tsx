import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSession } from "../../features/auth/api/session";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { footer, nav, signedInLinks } from "../../lib/messages";
import { postalAddress, telHref, useSite } from "../../lib/site";

const companyLinks = [
  { to: "/home", label: nav.home },
  { to: "/about-us", label: nav.aboutUs },
  { to: "/blogs", label: nav.blogs },
  { to: "/contact-us", label: nav.contact },
  { to: "/privacy__policy", label: footer.privacy },
] as const;

const signedOutLinks = [
  { to: "/login", label: nav.login },
  { to: "/sign-up", label: footer.signUp },
] as const;

function linkItems(links: readonly { to: string; label: string }[]) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to}>{link.label}</Link>
    </li>
  ));
}

/** One titled column of footer links. */
function FooterLinks({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <nav className="col-6 col-md-3 col-lg-2" aria-labelledby={id}>
      <h2 id={id} className="h6 text-uppercase">
        {heading}
      </h2>
      <ul className="list-unstyled d-grid gap-1 mb-0">{children}</ul>
    </nav>
  );
}

/** SPEC §2 Footer: company links, account links (for the visitor's state), contact details, social links. */
export function Footer() {
  const site = useSite();
  const signedIn = Boolean(useSession().data);
  return (
    <footer className="site-footer mt-auto py-5">
      <div className="container">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <p className="d-flex align-items-center gap-2 fw-bold fs-5 mb-2">
              <img src={site.logo} alt="" width="28" height="28" />
              {site.name}
            </p>
            <p className="mb-0 site-footer__muted">{site.tagline}</p>
          </div>
          <FooterLinks id="footer-company" heading={footer.company}>
            {linkItems(companyLinks)}
          </FooterLinks>
          <FooterLinks id="footer-account" heading={footer.account}>
            {signedIn ? (
              <>
                <li>
                  <Link to="/dashboard">{signedInLinks.dashboard}</Link>
                </li>
                <li>
                  <SignOutButton
                    label={signedInLinks.logOut}
                    className="p-0 border-0 align-baseline text-white text-decoration-none"
                  />
                </li>
              </>
            ) : (
              linkItems(signedOutLinks)
            )}
          </FooterLinks>
          <div className="col-12 col-md-6 col-lg-4">
            <h2 className="h6 text-uppercase">{footer.contactDetails}</h2>
            <address className="d-grid gap-1 mb-3">
              <span>{postalAddress(site)}</span>
              {site.phones.map((phone) => (
                <a key={phone} href={telHref(phone)}>
                  {phone}
                </a>
              ))}
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </address>
            <h2 className="h6 text-uppercase">{footer.social}</h2>
            <ul className="list-inline mb-0">
              {site.social.map((link) => (
                <li key={link.label} className="list-inline-item">
                  <a href={link.href} target="_blank" rel="noreferrer noopener">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="site-footer__muted small border-top pt-3 mt-4 mb-0">
          © {site.name}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
