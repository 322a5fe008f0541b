import type { FormField, FormFieldType } from '../../src/resources/forms';
import type { Locale } from '../../src/schema/locales';
import { mulberry32 } from './random';

/**
 * Demo forms of each hotel's guest app, in each of its languages (one translation group per
 * form), with guests' submissions spread over the last 90 days. Deterministic for a given day.
 */

type Texts = Record<Locale, string>;

interface SeedField {
  name: string;
  type: FormFieldType;
  required: boolean;
  label: Texts;
  options?: { value: string; text: Texts }[];
}

interface SeedForm {
  key: string;
  label: Texts;
  fields: SeedField[];
}

const t = (en: string, nl: string, de: string, fr: string, es: string): Texts => ({
  en,
  nl,
  de,
  fr,
  es,
});

const NAME: SeedField = {
  name: 'name',
  type: 'text',
  required: true,
  label: t('Your name', 'Uw naam', 'Ihr Name', 'Votre nom', 'Su nombre'),
};
const ROOM: SeedField = {
  name: 'room',
  type: 'text',
  required: true,
  label: t(
    'Room number',
    'Kamernummer',
    'Zimmernummer',
    'Numéro de chambre',
    'Número de habitación',
  ),
};
const EMAIL = (required: boolean): SeedField => ({
  name: 'email',
  type: 'email',
  required,
  label: t(
    'Email address',
    'E-mailadres',
    'E-Mail-Adresse',
    'Adresse e-mail',
    'Correo electrónico',
  ),
});
const NOTES: SeedField = {
  name: 'notes',
  type: 'textarea',
  required: false,
  label: t('Anything else?', 'Nog iets?', 'Sonst noch etwas?', 'Autre chose ?', '¿Algo más?'),
};

const FORMS: SeedForm[] = [
  {
    key: 'late-checkout',
    label: t(
      'Late check-out request',
      'Verzoek om laat uitchecken',
      'Anfrage für späten Check-out',
      'Demande de départ tardif',
      'Solicitud de salida tardía',
    ),
    fields: [
      NAME,
      ROOM,
      {
        name: 'checkout-time',
        type: 'select',
        required: true,
        label: t(
          'Check-out time',
          'Uitchecktijd',
          'Check-out-Zeit',
          'Heure de départ',
          'Hora de salida',
        ),
        options: [
          { value: 'noon', text: t('12:00', '12:00', '12:00', '12 h 00', '12:00') },
          { value: '1pm', text: t('13:00', '13:00', '13:00', '13 h 00', '13:00') },
          {
            value: '2pm',
            text: t(
              '14:00 (fee)',
              '14:00 (toeslag)',
              '14:00 (Aufpreis)',
              '14 h 00 (supplément)',
              '14:00 (suplemento)',
            ),
          },
        ],
      },
      {
        name: 'departure',
        type: 'date',
        required: true,
        label: t(
          'Departure date',
          'Vertrekdatum',
          'Abreisedatum',
          'Date de départ',
          'Fecha de salida',
        ),
      },
      EMAIL(false),
    ],
  },
  {
    key: 'spa-booking',
    label: t(
      'Spa booking request',
      'Aanvraag spa-afspraak',
      'Spa-Terminanfrage',
      'Demande de réservation spa',
      'Solicitud de reserva de spa',
    ),
    fields: [
      NAME,
      EMAIL(true),
      {
        name: 'treatment',
        type: 'select',
        required: true,
        label: t('Treatment', 'Behandeling', 'Behandlung', 'Soin', 'Tratamiento'),
        options: [
          {
            value: 'massage',
            text: t(
              'Massage (60 min)',
              'Massage (60 min)',
              'Massage (60 Min.)',
              'Massage (60 min)',
              'Masaje (60 min)',
            ),
          },
          {
            value: 'facial',
            text: t(
              'Facial',
              'Gezichtsbehandeling',
              'Gesichtsbehandlung',
              'Soin du visage',
              'Tratamiento facial',
            ),
          },
          {
            value: 'sauna',
            text: t('Private sauna', 'Privésauna', 'Private Sauna', 'Sauna privé', 'Sauna privada'),
          },
        ],
      },
      {
        name: 'date',
        type: 'date',
        required: true,
        label: t(
          'Preferred date',
          'Gewenste datum',
          'Wunschtermin',
          'Date souhaitée',
          'Fecha preferida',
        ),
      },
      {
        name: 'guests',
        type: 'number',
        required: true,
        label: t(
          'Number of guests',
          'Aantal gasten',
          'Anzahl der Gäste',
          'Nombre de personnes',
          'Número de personas',
        ),
      },
      NOTES,
    ],
  },
  {
    key: 'feedback',
    label: t(
      'How was your stay?',
      'Hoe was uw verblijf?',
      'Wie war Ihr Aufenthalt?',
      'Comment s’est passé votre séjour ?',
      '¿Qué tal su estancia?',
    ),
    fields: [
      {
        name: 'rating',
        type: 'select',
        required: true,
        label: t('Your rating', 'Uw beoordeling', 'Ihre Bewertung', 'Votre note', 'Su valoración'),
        options: [
          {
            value: 'excellent',
            text: t('Excellent', 'Uitstekend', 'Ausgezeichnet', 'Excellent', 'Excelente'),
          },
          { value: 'good', text: t('Good', 'Goed', 'Gut', 'Bien', 'Bien') },
          { value: 'fair', text: t('Fair', 'Redelijk', 'Mittelmäßig', 'Moyen', 'Regular') },
          { value: 'poor', text: t('Poor', 'Slecht', 'Schlecht', 'Mauvais', 'Malo') },
        ],
      },
      {
        name: 'recommend',
        type: 'checkbox',
        required: false,
        label: t(
          'I would recommend this hotel',
          'Ik zou dit hotel aanraden',
          'Ich würde dieses Hotel empfehlen',
          'Je recommanderais cet hôtel',
          'Recomendaría este hotel',
        ),
      },
      {
        name: 'comments',
        type: 'textarea',
        required: false,
        label: t('Comments', 'Opmerkingen', 'Anmerkungen', 'Commentaires', 'Comentarios'),
      },
      EMAIL(false),
    ],
  },
  {
    key: 'room-service',
    label: t(
      'Room service request',
      'Verzoek roomservice',
      'Zimmerservice-Anfrage',
      'Demande de service en chambre',
      'Solicitud de servicio de habitaciones',
    ),
    fields: [
      ROOM,
      {
        name: 'request',
        type: 'select',
        required: true,
        label: t(
          'What do you need?',
          'Wat heeft u nodig?',
          'Was benötigen Sie?',
          'De quoi avez-vous besoin ?',
          '¿Qué necesita?',
        ),
        options: [
          {
            value: 'towels',
            text: t(
              'Extra towels',
              'Extra handdoeken',
              'Zusätzliche Handtücher',
              'Serviettes supplémentaires',
              'Toallas adicionales',
            ),
          },
          {
            value: 'pillows',
            text: t(
              'Extra pillows',
              'Extra kussens',
              'Zusätzliche Kissen',
              'Oreillers supplémentaires',
              'Almohadas adicionales',
            ),
          },
          {
            value: 'cleaning',
            text: t(
              'Room cleaning',
              'Kamer schoonmaken',
              'Zimmerreinigung',
              'Ménage de la chambre',
              'Limpieza de la habitación',
            ),
          },
        ],
      },
      NOTES,
    ],
  },
];

const GUESTS = [
  'Anna Jansen',
  'Tom Bakker',
  'Lena Müller',
  'Jonas Weber',
  'Claire Dubois',
  'Hugo Martin',
  'Lucía García',
  'Pablo López',
  'Emma Smith',
  'Oliver Brown',
  'Sofia Rossi',
  'Noah Visser',
];
const COMMENTS: Record<Locale, string[]> = {
  en: ['Lovely staff, thank you!', 'The breakfast was great.', 'A bit noisy at night.', ''],
  nl: ['Vriendelijk personeel, dank u!', 'Het ontbijt was heerlijk.', 'Wat lawaai ’s nachts.', ''],
  de: ['Sehr freundliches Personal!', 'Das Frühstück war großartig.', 'Nachts etwas laut.', ''],
  fr: [
    'Personnel charmant, merci !',
    'Le petit-déjeuner était excellent.',
    'Un peu bruyant la nuit.',
    '',
  ],
  es: [
    'Personal encantador, ¡gracias!',
    'El desayuno estuvo genial.',
    'Algo de ruido por la noche.',
    '',
  ],
};

export interface FormsSeedHotel {
  id: number;
  locales: readonly Locale[];
  sourceLocale: Locale;
  createdDaysAgo: number;
}

/** A form's fields in one language, as the API stores them. */
function fieldsIn(form: SeedForm, locale: Locale): FormField[] {
  return form.fields.map((field) => ({
    name: field.name,
    label: field.label[locale],
    type: field.type,
    required: field.required,
    ...(field.options
      ? {
          options: field.options.map((option) => ({
            value: option.value,
            text: option.text[locale],
          })),
        }
      : {}),
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** One guest's plausible answers to a form. */
function answersTo(
  fields: FormField[],
  locale: Locale,
  random: () => number,
  at: number,
): Record<string, unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const guest = pick(GUESTS);
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const optional = !field.required && random() < 0.4;
    if (optional && field.type !== 'checkbox') continue;
    switch (field.type) {
      case 'text':
        answers[field.name] =
          field.name === 'room' ? String(100 + Math.floor(random() * 400)) : guest;
        break;
      case 'email':
        answers[field.name] = `${guest.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
        break;
      case 'textarea': {
        const text = pick(COMMENTS[locale]);
        if (text) answers[field.name] = text;
        break;
      }
      case 'number':
        answers[field.name] = 1 + Math.floor(random() * 3);
        break;
      case 'date':
        answers[field.name] = new Date(at + Math.floor(random() * 5) * DAY_MS)
          .toISOString()
          .slice(0, 10);
        break;
      case 'checkbox':
        answers[field.name] = random() < 0.8;
        break;
      case 'select':
        answers[field.name] = pick(field.options ?? []).value;
        break;
    }
  }
  return answers;
}

/** The demo's requests: the last two days' still New, the week's in progress, older ones done. */
function seededStatus(today: number, at: number): string {
  if (at > today - 2 * DAY_MS) return 'new';
  return at > today - 5 * DAY_MS ? 'in-progress' : 'done';
}

/** A reference of the shape the API gives (`K7MQ-4XP2`), from the record's number. */
function seededReference(n: number): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let value = Math.imul(n, 2654435761) >>> 0;
  const chars: string[] = [];
  for (let i = 0; i < 8; i++) {
    chars.push(alphabet[value % alphabet.length]!);
    value = Math.floor(value / alphabet.length) ^ Math.imul(n + i, 40503);
    value >>>= 0;
  }
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/**
 * Four forms per hotel (late check-out, spa booking, feedback, room service) in each of its
 * languages, with submissions within the last 90 days: 20–60 in the hotel's source language and
 * 2–6 in each other language of each form.
 */
export function buildForms(hotels: readonly FormsSeedHotel[], today: number) {
  const random = mulberry32(0xf0_2a5);
  const iso = (ms: number) => new Date(ms).toISOString();
  const forms: Record<string, unknown>[] = [];
  const submissions: Record<string, unknown>[] = [];
  for (const hotel of hotels) {
    for (const form of FORMS) {
      const groupId = `form-${hotel.id}-${form.key}`;
      const locales = [
        hotel.sourceLocale,
        ...hotel.locales.filter((l) => l !== hotel.sourceLocale),
      ];
      for (const locale of locales) {
        const createdAt = today - Math.min(hotel.createdDaysAgo, 120) * DAY_MS + 10 * 3600_000;
        const fields = fieldsIn(form, locale);
        const id = forms.length + 1;
        forms.push({
          id,
          ownerId: hotel.id,
          locale,
          groupId,
          label: form.label[locale],
          fields,
          createdAt: iso(createdAt),
          updatedAt: iso(createdAt + 2 * DAY_MS),
        });
        // Most guests answer in the hotel's own language; a few in its others.
        const count =
          locale === hotel.sourceLocale
            ? 20 + Math.floor(random() * 41)
            : 2 + Math.floor(random() * 5);
        const times = Array.from({ length: count }, () =>
          Math.floor(today - random() * 90 * DAY_MS),
        ).sort((a, b) => a - b);
        for (const at of times) {
          const status = seededStatus(today, at);
          submissions.push({
            id: submissions.length + 1,
            ownerId: hotel.id,
            formId: id,
            createdAt: iso(at),
            status,
            ...(status !== 'new' && { statusChangedAt: iso(Math.min(at + 3 * 3600_000, today)) }),
            reference: seededReference(submissions.length + 1),
            notice: 'mail',
            data: answersTo(fields, locale, random, at),
            fields: structuredClone(fields),
          });
        }
      }
    }
  }
  return { forms, submissions };
}
