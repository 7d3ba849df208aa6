import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { Footer } from "./components/footer.tsx";
import { Header } from "./components/header.tsx";
import { PageLoading } from "./components/page-loading.tsx";
// The landing page, where most visits start, comes with the app's own code, so its first screen shows as
// soon as the app runs; every other screen is its own chunk, loaded when it is opened (docs/performance.md).
import LandingPage from "./pages/landing.tsx";

const LoginPage = lazy(() => import("./pages/login.tsx"));
const SignupPage = lazy(() => import("./pages/signup.tsx"));
const PreviewPage = lazy(() => import("./pages/preview.tsx"));
const CheckoutPage = lazy(() => import("./pages/checkout.tsx"));
const SubscribePage = lazy(() => import("./pages/subscribe.tsx"));
const TermsPage = lazy(() => import("./pages/terms.tsx"));
const PrivacyPage = lazy(() => import("./pages/privacy.tsx"));
const DashboardPage = lazy(() => import("./pages/dashboard.tsx"));
const SettingsPage = lazy(() => import("./pages/settings.tsx"));
const NewsletterPage = lazy(() => import("./pages/newsletter.tsx"));
const SharedSummaryPage = lazy(() => import("./pages/shared-summary.tsx"));
const SummaryToolPage = lazy(() => import("./pages/ps.tsx"));
const SignInLinkPage = lazy(() => import("./pages/sign-in-link.tsx"));
const SignInWithLinkPage = lazy(() => import("./pages/sign-in-with-link.tsx"));
const ConfirmEmailPage = lazy(() => import("./pages/confirm-email.tsx"));
const ForgotPasswordPage = lazy(() => import("./pages/forgot-password.tsx"));
const ResetPasswordPage = lazy(() => import("./pages/reset-password.tsx"));
const NotFoundPage = lazy(() => import("./pages/not-found.tsx"));

/** A new screen starts at its top, as a page load would. */
function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on each new location
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** The routes of docs/product.md#screens-and-routes; any other path is the not-found screen. */
export function App() {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTopOnNavigate />
      <Header />
      <main className="content" id="main">
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path="/" component={LandingPage} />
            <Route path="/login" component={LoginPage} />
            <Route path="/signup" component={SignupPage} />
            <Route path="/preview" component={PreviewPage} />
            <Route path="/checkout/:plan?" component={CheckoutPage} />
            <Route path="/subscribe" component={SubscribePage} />
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/settings" component={SettingsPage} />
            <Route path="/newsletters/:id" component={NewsletterPage} />
            <Route path="/s/:id" component={SharedSummaryPage} />
            {/* A /user-settings link goes to the settings page (docs/product.md#screens-and-routes). */}
            <Route path="/user-settings">
              <Redirect to="/settings" replace />
            </Route>
            <Route path="/ps" component={SummaryToolPage} />
            <Route path="/sign-in-link" component={SignInLinkPage} />
            <Route path="/sign-in/link" component={SignInWithLinkPage} />
            <Route path="/confirm-email" component={ConfirmEmailPage} />
            <Route path="/forgot-password" component={ForgotPasswordPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/terms" component={TermsPage} />
            <Route path="/privacy" component={PrivacyPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
