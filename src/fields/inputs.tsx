// What the one-line views share (engine/fields/text/view.tsx and email/view.tsx): a GOV.UK input.
import { Input } from '../../renderers';
import { errorMessageOf, hintOf, labelOf, textValue, type FieldViewProps } from './common';

/** The view of a one-line field: a GOV.UK input of this type. */
export function inputView(type: 'text' | 'email') {
  return function InputField(props: FieldViewProps) {
    const { field, setValue } = props;
    return (
      <Input
        id={field.name}
        name={field.name}
        type={type}
        label={labelOf(props)}
        hint={hintOf(props)}
        errorMessage={errorMessageOf(props)}
        classes={field.width}
        autocomplete={field.autocomplete}
        // Names and addresses are not words: no spelling marks.
        spellcheck={type === 'email' || field.autocomplete ? false : undefined}
        value={textValue(props)}
        onChange={(next) => setValue(field.name, next)}
      />
    );
  };
}
