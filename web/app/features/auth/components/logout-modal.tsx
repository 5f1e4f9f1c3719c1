import { Button, Modal } from "react-bootstrap";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api";
import { accountMessages } from "../../../lib/messages";
import { notifyError, notifyFormSuccess } from "../../../lib/toast";
import { useSignOut } from "../api/auth";

/** SPEC §2: Sign Out asks first; Log Out ends the session on the server and opens /login. */
export function LogoutModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  async function logOut() {
    try {
      await signOut.mutateAsync();
      onClose();
      notifyFormSuccess(accountMessages.logoutSuccess, "logout");
      navigate("/login");
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="logout-question">
      <Modal.Body>
        <p id="logout-question" className="h5 my-3 text-center">
          {accountMessages.logoutQuestion}
        </p>
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <Button variant="secondary" onClick={onClose}>
          {accountMessages.close}
        </Button>
        <Button variant="danger" onClick={() => void logOut()} disabled={signOut.isPending}>
          {accountMessages.logOut}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
