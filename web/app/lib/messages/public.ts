// The public site: navbar, landing page, forms, blogs, contact, about, privacy, not-found.

// SPEC §2: the navbar's and footer's links for a signed-in visitor (the account messages use them too).
export const signedInLinks = {
  logOut: "Log Out",
  signOut: "Sign Out",
  dashboard: "Dashboard",
} as const;

// SPEC §2: Navbar
export const nav = {
  home: "Home",
  blogs: "Blogs",
  contact: "Contact",
  aboutUs: "About-us",
  login: "Login",
  main: "Main",
  toggle: "Toggle navigation",
  skipToContent: "Skip to main content",
} as const;

// SPEC §2: Not-found screen
export const notFound = {
  oops: "Oops",
  heading: "404 - Page Not Found",
  body: "The page you are looking for might have been removed, had its name changed or is temporarily unavailable.",
  backHome: "Back To Home",
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
  buy: "Buy Now",
  included: "Included",
  notIncluded: "Not included",
  was: "was",
} as const;

export const footer = {
  company: "Company",
  account: "Account",
  signUp: "Sign up",
  privacy: "Privacy",
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
  retry: "Try again",
} as const;

// ─── Public site ────────────────────────────────────────────────────────────────────────────────

export const brands = {
  heading: "Platforms we work with every day",
  pause: "Pause the brand carousel",
  play: "Play the brand carousel",
} as const;

export const services = {
  heading: "What we do",
  lead: "Six services, one team: pick what you need today and add the rest when you are ready.",
  loading: "Loading services…",
  loadFailed: "We couldn't load our services.",
  retry: "Try again",
} as const;

export const projectIdea = {
  heading: "Have a project idea in mind?",
  body: "Tell us about it. We will come back with a plan, a timeline and a price within a day.",
  callToAction: "Let's talk",
} as const;

// SPEC §5 Query form (home); `bothMissing` is our wording (the spec does not show it).
export const queryForm = {
  heading: "Is your website working for you?",
  lead: "Send us its address and we will reply with the three changes that would bring you the most customers. Free, no strings attached.",
  websiteLabel: "Website url",
  websitePlaceholder: "https://your-business.com",
  emailLabel: "Email",
  emailPlaceholder: "you@your-business.com",
  submit: "Send",
  sending: "Sending…",
  bothMissing: "Please enter your website's address and your email.",
  emailMissing: "Please Fill This Field.",
  websiteMissing: "Please Enter Your Website url",
  success: "Successfully Send.",
} as const;

export const reviews = {
  heading: "What our clients say",
  carouselLabel: "Reviews from our clients",
  loading: "Loading reviews…",
  loadFailed: "We couldn't load the reviews.",
  empty: "No reviews yet.",
  previous: "Previous reviews",
  next: "Next reviews",
  pause: "Pause the reviews carousel",
  play: "Play the reviews carousel",
  pictureOf: (name: string) => `Picture of ${name}`,
} as const;

// SPEC §5 Newsletter.
export const newsletter = {
  heading: "Get marketing ideas in your inbox",
  lead: "One e-mail a month with ideas you can use the same day. Unsubscribe whenever you like.",
  emailLabel: "Email address",
  placeholder: "Enter your email",
  submit: "Subscribe",
  sending: "Subscribing…",
  emailMissing: "Please enter your email",
  success: "Thanks for joining us !",
} as const;

export const blogs = {
  heading: "Our blog",
  lead: "Practical notes on marketing, design and search from the people who do the work.",
  loading: "Loading blog posts…",
  loadFailed: "We couldn't load the blog posts.",
  retry: "Try again",
  empty: "No blog posts yet.",
  readMore: "Read more",
  opensInNewTab: "(opens in a new tab)",
} as const;

export const blogPost = {
  allPosts: "← All blog posts",
} as const;

// SPEC §2 Contact screen and §5 Contact form; `allMissing`, `nameMissing` and `emailMissing` are
// the generic field toasts of SPEC §5 or our wording (the spec does not show these three).
export const contact = {
  heading: "We'd love to hear from you",
  lead: "Questions about a plan, a project or a bill? Write to us, call us or drop by the office.",
  imageAlt: "Chat bubbles above a laptop and a cup of coffee",
  formHeading: "Have some questions or want to say hi ?",
  promise: "We answer every inquiry within 24 hours.",
  nameLabel: "Name",
  namePlaceholder: "Your name",
  emailLabel: "Email",
  emailPlaceholder: "you@example.com",
  messageLabel: "Message",
  messagePlaceholder: "How can we help?",
  submit: "Send message",
  sending: "Sending…",
  allMissing: "Please fill in your name, email and message.",
  nameMissing: "Please Enter Your Name.",
  emailMissing: "Please Enter Your Email",
  messageMissing: "Write anything you want...",
  success: "Successfully send your message.",
  locationHeading: "Visit us",
  mapTitle: "Map of our office",
  mapLoading: "Loading the map…",
  addressCardHeading: "Our office",
  openMap: "Open in Google Maps",
  addressLabel: "Address",
  phoneLabel: "Phone",
  emailLinkLabel: "Email",
} as const;

// The about page's heading, introduction, story, values and numbers are the owner's page texts
// (contract: defaultPageTexts); these are its fixed labels.
export const about = {
  storyHeading: "Our story",
  valuesHeading: "What we believe",
  numbersHeading: "In numbers",
  callToAction: "Work with us",
} as const;

export const privacy = {
  heading: "Privacy Policy",
} as const;
