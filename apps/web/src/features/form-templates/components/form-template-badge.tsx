import { Badge } from '@mantine/core';
import { type FormTemplate, formTemplateMessages as m } from '@studiolo/domain/forms';

/** spec part 1 §2: "Condiviso" on another studio's shared template, "Hai condiviso con altri" on one's own. */
export const FormTemplateBadge = ({ template }: { template: FormTemplate }) =>
  template.readOnly ? (
    <Badge variant="light" color="blue">
      {m.sharedBadge}
    </Badge>
  ) : template.sharedWithCommunity ? (
    <Badge variant="light" color="teal">
      {m.ownSharedBadge}
    </Badge>
  ) : null;
