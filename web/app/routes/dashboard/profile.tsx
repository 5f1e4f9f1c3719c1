import { useSession } from "../../features/auth/api/auth";
import { profilePage } from "../../lib/messages";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });

/** SPEC §2: the read-only profile. */
export default function Profile() {
  const { data } = useSession();
  if (!data) return null;
  const { user } = data;
  const rows = [
    [profilePage.name, user.name],
    [profilePage.email, user.email],
    [profilePage.createdAt, dateFormat.format(user.createdAt)],
    [profilePage.lastLogin, user.lastLoginAt ? dateFormat.format(user.lastLoginAt) : profilePage.never],
  ] as const;
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="profile-heading">
      <div className="card-body p-4">
        <h1 id="profile-heading" className="h4 mb-4">
          {profilePage.heading}
        </h1>
        <dl className="row mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="col-12 col-lg-6 mb-3">
              <dt className="text-body-secondary small">{label}</dt>
              <dd className="fs-5 mb-0 text-break">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
