// Both languages' interface words at once, for the server's rendering and the tests (the
// browser fetches only the page's language: src/main.tsx).
import { addWords } from '.';
import en from './en.json';
import cy from './cy.json';

addWords('en', en);
addWords('cy', cy);
