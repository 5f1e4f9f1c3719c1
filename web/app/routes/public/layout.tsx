import { Outlet } from "react-router";
import { Footer } from "../../components/footer";
import { Navbar } from "../../components/navbar";
import { mainContentId } from "../../lib/layout";

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
