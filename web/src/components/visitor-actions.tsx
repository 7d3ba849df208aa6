import type { MouseEvent } from "react";
import { Link, useLocation } from "wouter";
import { askForChannelSearch, FIND_CHANNEL_ID } from "../lib/channel-search-focus.ts";
import { buttonClass } from "./button.tsx";

/**
 * The header's actions for someone not signed in: 'Log In', and the one primary action, 'Get started',
 * which takes them to the landing page's channel search (the funnel's first step) and puts the cursor in it.
 */
export function VisitorActions() {
  const [location, navigate] = useLocation();
  const getStarted = (event: MouseEvent) => {
    event.preventDefault();
    if (location !== "/") navigate("/");
    askForChannelSearch();
  };
  return (
    <>
      <Link href="/login" className={buttonClass("secondary", "header-action")}>
        Log In
      </Link>
      <a
        href={`/#${FIND_CHANNEL_ID}`}
        className={buttonClass("primary", "header-action")}
        onClick={getStarted}
      >
        Get started
      </a>
    </>
  );
}
