import { Link } from "react-router";
import { useSession } from "../../features/auth/api/auth";
import { formatLongDateTime } from "../../lib/dates";
import { editAccountPage, profilePage } from "../../lib/messages";

/** SPEC §2: the read-only profile. */
export default function Profile() {
  const { data } = useSession();
  if (!data) return null;
  const { user } = data;
  const rows = [
    [profilePage.name, user.name],
    [profilePage.email, user.email],
    [profilePage.createdAt, formatLongDateTime(user.createdAt)],
    [profilePage.lastLogin, user.lastLoginAt ? formatLongDateTime(user.lastLoginAt) : profilePage.never],
  ] as const;
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="profile-heading">
      <div className="card-body p-4">
        <div className="d-flex justify-content-between align-items-baseline gap-2 mb-4">
          <h1 id="profile-heading" className="h4 mb-0">
            {profilePage.heading}
          </h1>
          <Link className="btn btn-outline-primary btn-sm" to="/dashboard/profile/edit">
            {editAccountPage.edit}
          </Link>
        </div>
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
