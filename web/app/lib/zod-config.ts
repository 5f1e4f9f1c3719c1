import { z } from "zod";

// zod compiles a fast parser for each object schema with `new Function`, which the site's
// Content-Security-Policy forbids (no 'unsafe-eval'): each try is a policy error in the console.
// Without it zod parses the same way, a little slower.
z.config({ jitless: true });
