// The email field's view: a GOV.UK input of type email (engine/fields/email is its module).
import { inputView } from '../../../src/fields/inputs';

export const view = inputView('email');
