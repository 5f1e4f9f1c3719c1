import { QueryView } from "../../components/query-view";
import { useAdminStatus, useSession } from "../../features/auth/api/auth";
import { useTeamMembers } from "../../features/team/api/members";
import { useTeamRoles } from "../../features/team/api/roles";
import { InvitationsList } from "../../features/team/components/invitations-list";
import { InviteForm } from "../../features/team/components/invite-form";
import { MembersList } from "../../features/team/components/members-list";
import { RolesSection } from "../../features/team/components/roles-section";
import { TeamTwoFactor } from "../../features/two-factor/components/team-two-factor";
import { teamPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/team";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** DESIGN "Beyond the spec" 16: the team's members, the invitations that bring new ones, and the roles. */
export default function Team() {
  const session = useSession();
  const status = useAdminStatus(session.data?.user.email);
  const team = useTeamMembers();
  const roles = useTeamRoles();
  const viewer = {
    id: session.data?.user.id ?? "",
    role: status.data?.role ?? null,
    permissions: status.data?.permissions ?? [],
  };
  const roleList = roles.data?.roles ?? [];

  return (
    <section aria-labelledby="team-heading">
      <h1 id="team-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>

      <h2 id="team-members-heading" className="h5 mt-4">
        {t.membersHeading}
      </h2>
      <QueryView query={team} failed={t.loadFailed}>
        {({ members, invitations }) => (
          <>
            <MembersList
              members={members}
              roles={roleList}
              viewer={viewer}
              labelledBy="team-members-heading"
            />

            <div className="card border-0 shadow-sm my-4">
              <div className="card-body p-4">
                <h2 className="h5 mb-3">{t.inviteHeading}</h2>
                <InviteForm roles={roleList} invitations={invitations} viewer={viewer} />
              </div>
            </div>

            <h2 id="team-invitations-heading" className="h5">
              {t.invitationsHeading}
            </h2>
            <InvitationsList invitations={invitations} labelledBy="team-invitations-heading" />
          </>
        )}
      </QueryView>

      <h2 id="team-roles-heading" className="h5 mt-4">
        {t.rolesHeading}
      </h2>
      <p className="text-body-secondary">{t.rolesLead}</p>
      <RolesSection labelledBy="team-roles-heading" viewer={viewer} />

      <TeamTwoFactor isOwner={viewer.role === "owner"} viewerId={viewer.id} />
    </section>
  );
}
