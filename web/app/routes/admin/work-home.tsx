import { LoadingScreen } from "../../components/loading-screen";

/** The admin index: the layout sends the member on to their work once their role is known. */
export default function AdminWorkHome() {
  return <LoadingScreen />;
}
