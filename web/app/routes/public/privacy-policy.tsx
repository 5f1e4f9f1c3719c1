import { privacy } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { postalAddress, siteOf, useSite } from "../../lib/site";
import type { Route } from "./+types/privacy-policy";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  return pageMeta({
    site,
    title: privacy.heading,
    description: `What ${site?.name ?? "we"} collects about you, why, how long we keep it and how to reach us about it.`,
    canonicalPath: "/privacy__policy",
  });
}

/** What the shop actually stores and sends, in plain words; kept in step with the features. */
const sections = [
  {
    heading: "What we collect",
    paragraphs: [
      "When you create an account: your name, your email address and a password (stored only as a secure hash). If you sign in with Google or Facebook, we receive your name and email address from them.",
      "When you order a plan: your name, email address, phone number and the plan you chose. Card payments are handled by our payment provider; your card number never reaches our servers.",
      "When you write to us: the name, email address and message of the contact form, the website and email address of the query form, and the email address you give the newsletter.",
      "When you leave a review: your name, comment and picture, which are shown on our website, and your email address, which is not.",
    ],
  },
  {
    heading: "Why we use it",
    paragraphs: [
      "To run your account, deliver the services you bought, answer your questions, send the newsletter you asked for, and keep the shop secure, for example by limiting how often a form can be sent.",
      "We do not sell your information and we do not use advertising or tracking cookies.",
    ],
  },
  {
    heading: "Cookies",
    paragraphs: [
      "We set only the cookies that keep you signed in. They are removed when you sign out or when the session ends.",
      "If the contact page shows a map, it is loaded from Google Maps, which receives your browser's address and may set its own cookies under Google's privacy policy.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      "Account, order and payment records are kept while your account exists and afterwards for as long as tax and accounting law requires. Messages and newsletter sign-ups are kept until you ask us to delete them or unsubscribe.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "You can ask for a copy of the information we hold about you, ask us to correct it or delete it, and unsubscribe from the newsletter at any time. Write to us and we will answer within 24 hours.",
    ],
  },
];

/** SPEC §2: /privacy__policy, static text. */
export default function PrivacyPolicy() {
  const site = useSite();
  return (
    <article className="container py-5 prose" aria-labelledby="privacy-heading">
      <h1 id="privacy-heading" className="display-6 fw-bold mb-3">
        {privacy.heading}
      </h1>
      <p className="lead">
        This policy explains what {site.name} learns about you when you use this website, and what we do with
        it.
      </p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-4">
          <h2 className="h4 fw-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section className="mt-4">
        <h2 className="h4 fw-bold">Contact</h2>
        <p className="mb-0">
          {site.name}, {postalAddress(site)}. Email: <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      </section>
    </article>
  );
}
