/**
 * Every text the web app shows that a test may look for. Strings quoted in SPEC.md are kept
 * verbatim (including their spelling); the rest are our own wording.
 */

// SPEC §2: Navbar
export const nav = {
  home: "Home",
  blogs: "Blogs",
  contact: "Contact",
  aboutUs: "About-us",
  login: "Login",
  toggle: "Toggle navigation",
} as const;

// SPEC §2: Not-found screen
export const notFound = {
  oops: "Oops",
  heading: "404 - Page Not Found",
  body: "The page you are looking for might have been removed, had its name changed or is temporarily unavailable.",
  backHome: "Back To Home",
} as const;

export const landing = {
  heroHeading: "Grow your brand with a team that measures every click",
  heroLead:
    "Search, social and content campaigns planned around your goals, with a clear report of what every dollar brought back.",
  heroCallToAction: "See pricing plans",
} as const;

export const pricing = {
  heading: "Pricing Plans",
  lead: "Pick the plan that fits your stage. Switch to yearly billing to pay less per month.",
  billingPeriod: "Billing period",
  monthly: "Monthly",
  yearly: "Yearly",
  loading: "Loading pricing plans…",
  loadFailed: "We couldn't load the pricing plans.",
  retry: "Try again",
  empty: "No plans are available for this billing period yet.",
  mostPopular: "Most popular",
  included: "Included",
  notIncluded: "Not included",
  was: "was",
} as const;

export const footer = {
  company: "Company",
  account: "Account",
  signUp: "Sign up",
  contactDetails: "Contact",
  social: "Follow us",
  rights: "All rights reserved.",
} as const;

export const errors = {
  network: "Could not reach the server. Check your connection and try again.",
  unexpected: "Something went wrong. Please try again.",
  unexpectedResponse: "The server sent an unexpected response.",
  pageHeading: "Something went wrong",
  loading: "Loading…",
} as const;
