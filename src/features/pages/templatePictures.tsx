import { TemplatePicture } from './TemplatePicture';

/** The pictures of a `template` select (features' `optionPictures`). */
export const templatePictures = {
  template: (option: string) => <TemplatePicture template={option} />,
};
