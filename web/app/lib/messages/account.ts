// Sign-up, login, password reset, the dashboards' menus, the profile and the users list.

import { signedInLinks } from "./public";

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
  ...signedInLinks,
  verificationSent: (email: string) => `We sent a confirmation link to ${email}. Open it, then log in.`,
  verified: "Your e-mail address is confirmed. You can log in now.",
  socialFailed: "Signing in with that account did not work. Please try again or log in with your e-mail.",
  verificationFailed: "That confirmation link is invalid or has expired. Log in to get a new one.",
  notVerified: "Please confirm your e-mail address first: we just sent you a new link.",
  tooManyAttempts: (seconds?: number) => {
    if (seconds === undefined) return "Too many attempts. Please wait a moment and try again.";
    if (seconds > 90) return `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`;
    return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  },
  untrustedAddress:
    "This address is not allowed for accounts: set PUBLIC_URL to the address you open the shop at (or add it to TRUSTED_ORIGINS), then restart the shop.",
  resetSent: "If an account uses that address, a link to choose a new password is on its way.",
  resetDone: "Your password has been changed. You can log in with the new one.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  adminsOnly: "This area is for admins only.",
  loading: "Loading…",
  sessionUnknown: "We couldn't check whether you are signed in.",
  retry: "Try again",
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
  openMenu: "Menu",
  closeMenu: "Close menu",
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
  exportCustomers: "Export customers (CSV)",
  search: "Search users",
  searchPlaceholder: "Name or e-mail",
  roleFilter: "Role",
  allRoles: "All",
  noMatch: "No users match.",
  matching: (count: string) => `${count} matching`,
  total: (count: number) => `${count} ${count === 1 ? "account" : "accounts"}`,
  name: "Name",
  email: "Email",
  role: "Role",
  joined: "Joined",
  action: "Action",
  admin: "Admin",
  owner: "Owner",
  customer: "Customer",
  deletedAccount: "Deleted account",
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
