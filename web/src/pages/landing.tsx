export function LandingPage() {
  return (
    <section className="hero container">
      <h1>Make an email Newsletter out of your favorite YouTube Channels</h1>
      <p className="hero-note">
        tubedigest is being built: channel search and newsletter previews arrive here soon.
      </p>
    </section>
  );
}
