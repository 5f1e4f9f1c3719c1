import { Link } from "react-router";
import { footer, nav } from "../lib/messages";
import { site, telHref } from "../lib/site";

const companyLinks = [
  { to: "/home", label: nav.home },
  { to: "/about-us", label: nav.aboutUs },
  { to: "/blogs", label: nav.blogs },
  { to: "/contact-us", label: nav.contact },
] as const;

const accountLinks = [
  { to: "/login", label: nav.login },
  { to: "/sign-up", label: footer.signUp },
] as const;

/** SPEC §2 Footer: company links, account links, contact details, social links. */
export function Footer() {
  const { address } = site;
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
          <nav className="col-6 col-md-3 col-lg-2" aria-labelledby="footer-company">
            <h2 id="footer-company" className="h6 text-uppercase">
              {footer.company}
            </h2>
            <ul className="list-unstyled d-grid gap-1 mb-0">
              {companyLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className="col-6 col-md-3 col-lg-2" aria-labelledby="footer-account">
            <h2 id="footer-account" className="h6 text-uppercase">
              {footer.account}
            </h2>
            <ul className="list-unstyled d-grid gap-1 mb-0">
              {accountLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="col-12 col-md-6 col-lg-4">
            <h2 className="h6 text-uppercase">{footer.contactDetails}</h2>
            <address className="d-grid gap-1 mb-3">
              <span>
                {address.street}, {address.city} {address.postcode}
              </span>
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
