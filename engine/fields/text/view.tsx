// The text field's view: a GOV.UK input of type text (engine/fields/text is its module).
import { inputView } from '../../../src/fields/inputs';

export const view = inputView('text');
