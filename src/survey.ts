import { useRouteLoaderData } from 'react-router-dom';
import type { ResolvedSurvey } from '../engine';

/** The survey of the current `/:lang/:survey` route (loaded by its loader). */
export function useSurvey(): ResolvedSurvey {
  const survey = useRouteLoaderData('survey') as ResolvedSurvey | undefined;
  if (!survey) throw new Error('useSurvey used outside a survey route');
  return survey;
}
