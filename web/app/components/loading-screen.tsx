import { accountMessages } from "../lib/messages";

/** SPEC §2: a loading image while the sign-in state loads. */
export function LoadingScreen() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5 my-5" role="status">
      <img src="/images/loading.svg" alt={accountMessages.loading} width="96" height="96" />
    </div>
  );
}
