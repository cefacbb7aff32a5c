// react-i18next imports useSyncExternalStore through `use-sync-external-store/shim` (see
// vite.config.ts `resolve.alias`), for Reacts before 18; the shim itself hands over React's own
// when there is one, as there always is here (React 19). Without it, no CommonJS shim ships.
export { useSyncExternalStore } from 'react';
