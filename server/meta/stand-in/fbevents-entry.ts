import { installFbeventsStandIn } from './fbevents-stand-in';

// The bundle's entry (an IIFE served as /meta/fbevents.js): the beacon goes to /meta/tr/ next to this script.
const script = document.currentScript;
const base = script instanceof HTMLScriptElement && script.src !== '' ? script.src : `${window.location.origin}/meta/fbevents.js`;
installFbeventsStandIn(window, new URL('tr/', base).href);
