import { Outlet } from "react-router";
import { mainContentId } from "../../lib/layout";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

export default function PublicLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <Navbar />
      <main id={mainContentId} className="flex-grow-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
