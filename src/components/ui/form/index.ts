export { ChoiceCard } from "./choice-card";
export { compactControlClass, controlClass, textareaClass } from "./control-class";
export { Field, describedBy, type FieldControlProps, type FieldFrameProps } from "./field";
export { FieldError, errorIdOf, hintIdOf } from "./field-error";
export { FormMessage, type FormNotice } from "./form-message";
export { Input, type InputProps } from "./input";
export { Select } from "./select";
export { TextField, TextareaField } from "./text-field";
export { Textarea } from "./textarea";
