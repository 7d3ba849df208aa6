import { Route, Switch } from "wouter";
import { Footer } from "./components/footer.tsx";
import { Header } from "./components/header.tsx";
import { LandingPage } from "./pages/landing.tsx";
import { NotFoundPage } from "./pages/not-found.tsx";

// Placeholder shell: the remaining screens of SPEC §2 are added here as they land.
export function App() {
  return (
    <div className="layout">
      <Header />
      <main className="content">
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </main>
      <Footer />
    </div>
  );
}
