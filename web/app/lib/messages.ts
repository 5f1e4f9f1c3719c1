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
  buy: "Buy Now",
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

export const campaigns = {
  first: {
    eyebrow: "Campaigns",
    heading: "Campaigns that pay for themselves",
    body: "Every campaign starts from a number you care about, such as leads, sales or bookings. We test small, keep what works and move the budget to it every week.",
    points: ["Clear targets before the first ad", "Weekly budget moves", "No long contracts"],
    imageAlt: "A campaign dashboard with rising results",
  },
  second: {
    eyebrow: "Reports",
    heading: "Reports you can read in two minutes",
    body: "One page a month: what we did, what it brought back and what we do next. Your own dashboard is open every day, so you never wait for the numbers.",
    points: ["Plain-language monthly report", "Live dashboard access", "A named strategist to call"],
    imageAlt: "A one-page report with a chart and three notes",
  },
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
  bothMissing: "Please enter your website url and your email.",
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

export const about = {
  heading: "About us",
  lead: "We are a small team of marketers, designers and developers who grow businesses with work they can measure.",
  imageAlt: "A whiteboard with a campaign plan and sticky notes",
  storyHeading: "Our story",
  valuesHeading: "What we believe",
  numbersHeading: "In numbers",
  callToAction: "Work with us",
} as const;

export const privacy = {
  heading: "Privacy Policy",
} as const;

// SPEC §5: sign-up, login and the generic field toasts (verbatim), plus our own wording around them.
export const accountMessages = {
  enterName: "Please Enter Your Name.",
  enterEmail: "Please Enter Your Email",
  fillField: "Please fill this field.",
  createPassword: "Please create a secure password.",
  passwordTooShort: "Password can't less than 6 character.",
  retypePassword: "Please re-type your password.",
  passwordMismatch: "Your password doesn't match.",
  signUpSuccess: "Successfully Sign-Up.",
  loginSuccess: "Successfully Login.",
  logoutSuccess: "Successfully LogOut.",
  logoutQuestion: "Are you sure you want to logout ?",
  close: "Close",
  logOut: "Log Out",
  signOut: "Sign Out",
  dashboard: "Dashboard",
  verificationSent: (email: string) => `We sent a confirmation link to ${email}. Open it, then log in.`,
  verified: "Your e-mail address is confirmed. You can log in now.",
  verificationFailed: "That confirmation link is invalid or has expired. Log in to get a new one.",
  notVerified: "Please confirm your e-mail address first: we just sent you a new link.",
  providerNotConfigured: (provider: string) =>
    `${provider} sign-in is not set up on this shop yet. Please log in with your e-mail and password.`,
  resetSent: "If an account uses that address, a link to choose a new password is on its way.",
  resetDone: "Your password has been changed. You can log in with the new one.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  adminsOnly: "This area is for admins only.",
  loading: "Loading…",
} as const;

export const accountPages = {
  loginHeading: "Login",
  loginButton: "Login",
  signUpHeading: "Sign Up",
  signUpButton: "Sign Up",
  name: "Your name",
  email: "Email address",
  password: "Password",
  confirmPassword: "Confirm password",
  newPassword: "New password",
  google: "Continue with Google",
  facebook: "Continue with Facebook",
  or: "or",
  noAccount: "New here?",
  createAccount: "Create an account",
  haveAccount: "Already have an account?",
  loginLink: "Login",
  forgotPassword: "Forgot password?",
  privacy: "Privacy policy",
  forgotHeading: "Forgot your password?",
  forgotLead:
    "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  sendResetLink: "Send reset link",
  resetHeading: "Choose a new password",
  resetButton: "Change password",
} as const;

// SPEC §2: user dashboard and admin menus.
export const dashboardMenu = {
  profile: "Profile",
  myOrders: "My Orders",
  review: "Review",
  paymentHistory: "Payment History",
  logOut: "Log Out",
  backHome: "Back Home",
  adminActivities: "Admin Activities",
  adminDashboard: "Admin Dashboard",
  allUsers: "All Users",
  allOrders: "All Orders",
  manageReviews: "Manage Reviews",
  userDashboard: "User Dashboard",
  menu: "Dashboard menu",
  adminMenu: "Admin menu",
} as const;

export const profilePage = {
  heading: "My Profile",
  name: "Name",
  email: "Email",
  createdAt: "Account created",
  lastLogin: "Last login",
  never: "—",
} as const;

// SPEC §2/§8: admin, all users.
export const usersPage = {
  heading: "All Users",
  total: (count: number) => `${count} ${count === 1 ? "account" : "accounts"}`,
  name: "Name",
  email: "Email",
  role: "Role",
  joined: "Joined",
  action: "Action",
  admin: "Admin",
  customer: "Customer",
  makeAdmin: "Make an Admin",
  removeAdmin: "Remove Admin Access",
  makeAdminQuestion: (email: string) => `Make ${email} an admin?`,
  makeAdminText: "Admins can manage users, orders, reviews, blogs and leads.",
  removeAdminQuestion: (email: string) => `Remove admin access from ${email}?`,
  removeAdminText: "They keep their account and orders but lose the admin pages.",
  failed: "Failed to make an admin. ",
  madeAdmin: (email: string) => `${email} is now an admin.`,
  removedAdmin: (email: string) => `${email} is no longer an admin.`,
  loadFailed: "We couldn't load the users.",
  previous: "Previous",
  next: "Next",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

// SPEC §2/§4/§5: checkout (verbatim spec strings, spelling included).
export const checkoutMessages = {
  heading: "Ready To Checkout",
  summary: "Order Summery",
  name: "Name",
  email: "Email",
  quality: "Service quality",
  duration: "Package duration",
  oldPrice: "Old price",
  newPrice: "New price",
  phone: "Phone number",
  phonePlaceholder: "Example : 012345***",
  confirm: "Confirm Order",
  currentPrice: "Current price",
  promoLabel: "Promo or gift voucher",
  promoPlaceholder: "Promo code",
  apply: "Apply",
  subtotal: "Subtotal",
  discount: "Discount",
  total: "Total price",
  processing: "Processing...Please wait!",
  congratulations: "Congratulations!",
  wellDone: (name: string, price: string) => `Well done ${name}. You have to pay ${price} $`,
  alreadyPurchased: "You have already purchased this service.",
  promoEmpty: "Please enter your promo code.",
  promoInvalid: "Opps! Promo code is not valid.",
  planNotFound: "This plan does not exist (any more).",
  planNotFoundLead: "Pick a plan from the pricing section to check out.",
  seePlans: "See the plans",
  loading: "Loading the plan…",
} as const;

// SPEC §4: order and payment states.
export const orderMessages = {
  myOrders: "My Orders",
  service: "Service",
  duration: "Duration",
  price: "Price",
  date: "Date",
  status: "Status",
  payment: "Payment",
  action: "Action",
  pending: "Pending",
  done: "Done",
  payNow: "Pay Now",
  paid: "Paid",
  started: "Started",
  delete: "Delete",
  deleteQuestion: (service: string, duration: string) => `Delete your ${service} (${duration}) order?`,
  deleteText: "It has not been paid; you can order the plan again later.",
  deleted: "Your order was deleted.",
  none: "You have no orders yet.",
  browsePlans: "Browse the plans",
  loadFailed: "We couldn't load your orders.",
} as const;

export const paymentMessages = {
  heading: "Pay for your order",
  order: "Order",
  amount: "Amount",
  customer: "Customer",
  pay: (price: string) => `Pay ${price} $`,
  processing: "Processing...Please wait!",
  failedTitle: "Payment Failed ",
  succeeded: "Payment received. Thank you!",
  testMode: "Test mode: no real charge.",
  testCards:
    "Use 4242 4242 4242 4242 to pay; 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds. Any future expiry date and any 3-digit CVC.",
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "CVC",
  billingName: "Name on card",
  billingEmail: "Billing email",
  card: "Card",
  alreadyPaid: "This order is paid.",
  openFailed: "We couldn't start the payment.",
  loadFailed: "We couldn't load this order.",
  historyHeading: "Payment History",
  transactionId: "Transaction id",
  time: "Time",
  plan: "Plan",
  noPayments: "No payments yet.",
  historyFailed: "We couldn't load your payments.",
} as const;

// SPEC §2/§5: add review (comment required, email read-only) and the customer's own reviews.
export const reviewForm = {
  heading: "Add a Review",
  lead: "Tell other businesses how working with us went. Your review appears on our home page.",
  emailLabel: "Email",
  commentLabel: "Your review",
  commentPlaceholder: "What did we do for you, and how did it go?",
  characters: (used: number, max: number) => `${used}/${max} characters`,
  submit: "Submit Review",
  sending: "Submitting…",
  commentMissing: "Please fill this field.",
  commentTooLong: (max: number) => `Please keep your review under ${max} characters.`,
  success: "Thank you! Your review is on our home page now.",
  ownHeading: "Your reviews",
  none: "You have not written a review yet.",
  loadFailed: "We couldn't load your reviews.",
  delete: "Delete",
  deleteQuestion: "Delete this review?",
  deleteText: "It will no longer show on the home page.",
  deleted: "Your review was deleted.",
  writtenOn: (date: string) => `Written ${date}`,
} as const;

// SPEC §2/§9: admin, manage reviews (paged list, 200-character preview, delete, page size).
export const manageReviewsPage = {
  heading: "Manage Reviews",
  total: (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`,
  pageSize: "Reviews per page",
  name: "Name",
  email: "Email",
  comment: "Review",
  action: "Action",
  delete: "Delete",
  deleteQuestion: (name: string) => `Delete the review by ${name}?`,
  deleteText: "It will be removed from the home page for good.",
  deleted: "The review was deleted.",
  none: "There are no reviews yet.",
  loadFailed: "We couldn't load the reviews.",
  pages: "Review pages",
  page: (page: number) => `Page ${page}`,
} as const;

// SPEC §2 admin pages, and the admin tools beyond the spec (blog editor, leads).
export const adminPages = {
  addBlog: "Add Blog",
  leads: "Leads",
  ordersHeading: "All Orders",
  total: "Total orders",
  paid: "Paid",
  unpaid: "Unpaid",
  customer: "Customer",
  plan: "Plan",
  duration: "Duration",
  price: "Price",
  date: "Date",
  paidColumn: "Paid",
  details: "Details",
  yes: "Yes",
  no: "No",
  noOrders: "No orders yet.",
  ordersFailed: "We couldn't load the orders.",
  paymentHeading: "Payment details",
  paymentFailed: "We couldn't load this payment.",
  status: "Status",
  amount: "Amount",
  transactionId: "Transaction id",
  time: "Time",
  provider: "Provider",
  phone: "Phone",
  notPaidYet: "Not paid yet",
  orderedOn: "Ordered",
  backToOrders: "Back to all orders",
  blogHeading: "Add new Blog", // SPEC §2 /dashboard/admin/add__blog
  blogTitle: "Title",
  blogTopic: "Topic",
  blogLink: "Link to the article",
  blogImage: "Image (web address or /images/… path)",
  publish: "Publish",
  save: "Save changes",
  cancel: "Cancel",
  edit: "Edit",
  delete: "Delete",
  published: "The blog post is published.",
  saved: "The blog post is saved.",
  deleted: "The blog post is deleted.",
  deleteBlogQuestion: (title: string) => `Delete “${title}”?`,
  existingPosts: "Published posts",
  blogsFailed: "We couldn't load the blog posts.",
  leadsHeading: "Leads",
  leadsLead: "Contact messages, query-form requests and newsletter sign-ups, newest first.",
  allKinds: "All",
  kinds: { contact: "Contact messages", query: "Query requests", newsletter: "Newsletter" },
  kind: "Kind",
  name: "Name",
  email: "Email",
  website: "Website",
  message: "Message",
  received: "Received",
  exportCsv: "Export CSV",
  noLeads: "No leads yet.",
  leadsFailed: "We couldn't load the leads.",
  previous: "Previous",
  next: "Next",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
