import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../src/auth/auth.js";

/**
 * The tests' password hashing: Better Auth's scheme (scrypt, "salt:key" in hex) at a cost of
 * microseconds instead of the production cost of ~90 ms a hash, which every test account pays
 * at sign-up and at each sign-in. Only `createTestApp` passes it to `buildApp`; production
 * builds never see it (`auth/production-password-cost.test.ts` checks they keep the real cost).
 */
const cost = { N: 16, r: 1, p: 1 };
const keyLength = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, cost, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const quickPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
