package org.dtp.formats.vcard;

import ezvcard.VCard;
import ezvcard.io.ParseWarning;
import ezvcard.io.scribe.ScribeIndex;
import ezvcard.io.scribe.VCardPropertyScribe;
import ezvcard.io.text.VCardReader;
import ezvcard.io.text.VCardWriter;
import ezvcard.io.text.WriteContext;
import ezvcard.parameter.AddressType;
import ezvcard.parameter.EmailType;
import ezvcard.parameter.ImageType;
import ezvcard.parameter.ImppType;
import ezvcard.parameter.RelatedType;
import ezvcard.parameter.TelephoneType;
import ezvcard.parameter.VCardParameter;
import ezvcard.parameter.VCardParameters;
import ezvcard.property.Address;
import ezvcard.property.Anniversary;
import ezvcard.property.Birthday;
import ezvcard.property.Categories;
import ezvcard.property.DateOrTimeProperty;
import ezvcard.property.Email;
import ezvcard.property.FormattedName;
import ezvcard.property.Geo;
import ezvcard.property.Impp;
import ezvcard.property.Kind;
import ezvcard.property.Label;
import ezvcard.property.Member;
import ezvcard.property.Nickname;
import ezvcard.property.Note;
import ezvcard.property.Organization;
import ezvcard.property.BinaryProperty;
import ezvcard.property.Key;
import ezvcard.property.Logo;
import ezvcard.property.Photo;
import ezvcard.property.Sound;
import ezvcard.util.DataUri;
import ezvcard.parameter.KeyType;
import ezvcard.parameter.SoundType;
import ezvcard.property.RawProperty;
import ezvcard.property.Related;
import ezvcard.property.Revision;
import ezvcard.property.Role;
import ezvcard.property.StructuredName;
import ezvcard.property.Telephone;
import ezvcard.property.Timezone;
import ezvcard.property.Title;
import ezvcard.property.Uid;
import ezvcard.property.Url;
import ezvcard.property.VCardProperty;
import ezvcard.util.PartialDate;
import ezvcard.util.TelUri;
import org.dtp.formats.fidelity.ReadLosses;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.ContactKind;
import org.dtp.models.contacts.Gender;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.PropertyDetails;
import org.dtp.models.contacts.Sex;
import org.dtp.models.contacts.TypedValue;
import org.dtp.models.media.GeoLocation;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of one vCard (2.1, 3.0 or 4.0) to a {@link Contact} and back (written as vCard 3.0 or 4.0). Properties
 * the model has no field for (X- properties, LANG, KEY, SOURCE, further FN values, a photo given by URI, ...) go to
 * {@code extended} as vCard 4.0 text, their group (Apple's {@code item1.}) kept in the name, and are written back as
 * they came.
 *
 * <p>A vCard is refused ({@link MalformedVCardException}) when it cannot be read whole: no vCard or more than one
 * (a CardDAV resource or a .vcf file of one contact holds one, RFC 6352 §5.1), an unknown VERSION, or a line that had
 * to be skipped. A standard property whose value cannot be read (e.g. {@code REV:yesterday}) is carried verbatim in
 * {@code extended}; a BDAY or ANNIVERSARY that is not a date is kept as text (vCard 4 allows it).
 */
public final class VCardFormat {
    private static final ScribeIndex SCRIBES = new ScribeIndex();
    private static final WriteContext V4 = new WriteContext(ezvcard.VCardVersion.V4_0, null, false);
    private static final Pattern URI_LIKE = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:\\S+");
    /** Properties whose values hold no text, only separators a server that took them for text may have escaped. */
    private static final Pattern TEXTLESS_LINE = Pattern.compile("(?im)^((?:[a-z0-9-]+\\.)?(?:GEO|CLIENTPIDMAP)(?:;[^:\r\n]*)?:)([^\r\n]*)");
    /**
     * What a further N (vCard 4's ALTID alternatives) is written as in vCard 3.0, which allows one N (RFC 2426 §3.1.2;
     * Radicale refuses a second): an X- property of text, the N's value escaped as text, read back as that N.
     */
    private static final String ALTERNATIVE_N = "X-DTP-N";
    /** Android's own property for the contact data vCard has no property for (nickname types, relations, events, ...). */
    private static final String ANDROID_CUSTOM = "X-ANDROID-CUSTOM";
    /** The field of a contact each property goes to (the first of its kind, for those the model holds once). */
    private static final Map<String, String> FIELDS = Map.ofEntries(Map.entry("UID", "uid"), Map.entry("KIND", "kind"),
            Map.entry("FN", "formattedName"), Map.entry("N", "name"), Map.entry("NICKNAME", "nicknames"),
            Map.entry("EMAIL", "emails"), Map.entry("TEL", "phones"), Map.entry("ADR", "addresses"), Map.entry("URL", "urls"),
            Map.entry("IMPP", "impps"), Map.entry("ORG", "organization"), Map.entry("TITLE", "title"), Map.entry("ROLE", "role"),
            Map.entry("BDAY", "birthday"), Map.entry("ANNIVERSARY", "anniversary"), Map.entry("GENDER", "gender"),
            Map.entry("NOTE", "notes"), Map.entry("CATEGORIES", "categories"), Map.entry("PHOTO", "photo"),
            Map.entry("RELATED", "related"), Map.entry("MEMBER", "members"), Map.entry("GEO", "geo"), Map.entry("TZ", "timeZone"),
            Map.entry("REV", "revision"));
    /** The vCard property a top-level field of a contact is written as; null for one that is no property. */
    static String propertyOf(String field) {
        return FIELDS.entrySet().stream().filter(e -> e.getValue().equals(field)).map(Map.Entry::getKey).findFirst().orElse(null);
    }

    private static final Set<String> OF_THE_ENCODING = Set.of("ENCODING", "CHARSET", "VALUE");
    private static final Pattern UTC_OFFSET = Pattern.compile("[+-]\\d{2}:?\\d{2}");

    private VCardFormat() {
    }

    /** The single vCard of a resource's text. */
    private static VCard parse(String text) throws MalformedVCardException {
        List<VCard> cards = new ArrayList<>();
        try (VCardReader reader = new VCardReader(unescapeTextless(text))) {
            VCard card;
            while ((card = reader.readNext()) != null) {
                for (ParseWarning w : reader.getWarnings()) {
                    if (w.getPropertyName() != null) {
                        continue; // a value ez-vcard kept as a raw property: judged by toContact
                    }
                    throw new MalformedVCardException("malformed vCard" + (w.getLineNumber() == null ? "" : " at line " + w.getLineNumber())
                            + ": " + w.getMessage());
                }
                cards.add(card);
            }
        } catch (IOException e) {
            throw new MalformedVCardException("unreadable vCard: " + e.getMessage());
        }
        if (cards.isEmpty()) {
            throw new MalformedVCardException("no vCard (BEGIN:VCARD ... END:VCARD) in the resource");
        }
        if (cards.size() > 1) {
            throw new MalformedVCardException(cards.size() + " vCards in one resource (CardDAV allows one, RFC 6352 §5.1)");
        }
        if (!text.strip().toUpperCase(Locale.ROOT).endsWith("END:VCARD")) {
            throw new MalformedVCardException("the vCard does not end (no END:VCARD): it was cut short");
        }
        return cards.get(0);
    }

    /**
     * {@code text} with the separators of GEO and CLIENTPIDMAP values unescaped: servers that take them for text escape
     * them (Radicale's vobject writes {@code GEO:46.77\\;-71.28} in vCard 3.0, cuts {@code geo:46.77,-71.28} in 4.0 and
     * writes {@code CLIENTPIDMAP:1\\;urn:uuid:...} in both), which no reader of them expects. Their values hold numbers
     * and URIs, no text, and a URI has no backslash, so an escaped separator can only be such a quirk.
     */
    private static String unescapeTextless(String text) {
        Matcher m = TEXTLESS_LINE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + m.group(2).replace("\\;", ";").replace("\\,", ",")));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** As {@link #read(String, String, String, ReadLosses)}, for a caller that compares what it reads instead. */
    public static Contact read(String id, String text, String photoUri) throws MalformedVCardException {
        return read(id, text, photoUri, (item, field, reason) -> { });
    }

    /**
     * The contact of the vCard {@code text}, with the id {@code id}. An inline photo becomes the media reference
     * {@code photoUri} with the photo's type and size: the caller's own reference, by which it finds the vCard again to
     * give the bytes ({@link #inlinePhoto}). What the contact cannot carry as given is told to {@code losses}, each with
     * the property, the value and how it was kept; everything else is in a field, in {@code propertyDetails} (groups
     * and parameters) or in {@code extended}.
     *
     * @throws MalformedVCardException when {@code text} is not one vCard that can be read whole
     */
    public static Contact read(String id, String text, String photoUri, ReadLosses losses) throws MalformedVCardException {
        VCard card = parse(ControlCharacters.clean(text,
                (property, what) -> losses.notKept(id, FIELDS.getOrDefault(property, "extended"), property + ": " + what)));
        List<ExtendedProperty> extended = new ArrayList<>();
        Map<String, PropertyDetails> details = new LinkedHashMap<>();
        ContactKind kind = null;
        String kindText = null;
        String formattedName = null;
        ezvcard.property.StructuredName n = null;
        List<String> nicknames = new ArrayList<>();
        List<TypedValue> emails = new ArrayList<>();
        List<TypedValue> phones = new ArrayList<>();
        List<PostalAddress> addresses = new ArrayList<>();
        List<TypedValue> urls = new ArrayList<>();
        List<TypedValue> impps = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> categories = new ArrayList<>();
        List<TypedValue> related = new ArrayList<>();
        List<String> members = new ArrayList<>();
        org.dtp.models.contacts.Organization organization = null;
        String uid = null;
        String title = null;
        String role = null;
        org.dtp.models.contacts.PartialDate birthday = null;
        org.dtp.models.contacts.PartialDate anniversary = null;
        Gender gender = null;
        MediaRef photo = null;
        GeoLocation geo = null;
        String timeZone = null;
        Instant revision = null;

        for (VCardProperty p : card.getProperties()) {
            // The field the property goes to, where its group and other parameters are kept; null: extended.
            String field;
            Set<String> mapped = DetailsOfProperties.NONE;
            if (p instanceof Uid u && uid == null) {
                uid = u.getValue();
                field = "uid";
            } else if (p instanceof Kind k && kind == null && k.getValue() != null) {
                kind = kindOf(k.getValue());
                kindText = kind == ContactKind.OTHER ? k.getValue() : null;
                field = "kind";
            } else if (p instanceof FormattedName fn && formattedName == null) {
                formattedName = fn.getValue();
                field = "formattedName";
            } else if (p instanceof StructuredName sn && n == null) {
                n = sn;
                field = "name";
            } else if (p instanceof Nickname nick && !nick.getValues().isEmpty()) {
                // written back one NICKNAME per value, each with the parameters of the one it came in
                PropertyDetails each = DetailsOfProperties.of(p, mapped);
                for (String value : nick.getValues()) {
                    if (each != null) {
                        details.put("nicknames[" + nicknames.size() + "]", each);
                    }
                    nicknames.add(value);
                }
                continue;
            } else if (p instanceof Email e && e.getValue() != null) {
                field = "emails[" + emails.size() + "]";
                mapped = DetailsOfProperties.TYPED;
                emails.add(typed(e.getValue(), names(e.getTypes(), EmailType::getValue), preference(id, field, e, e.getPref(), losses)));
            } else if (p instanceof Telephone t && (t.getText() != null || t.getUri() != null)) {
                field = "phones[" + phones.size() + "]";
                mapped = DetailsOfProperties.TYPED;
                phones.add(typed(t.getUri() != null ? t.getUri().toString() : t.getText(),
                        names(t.getTypes(), TelephoneType::getValue), preference(id, field, t, t.getPref(), losses)));
            } else if (p instanceof Address a) {
                field = "addresses[" + addresses.size() + "]";
                mapped = DetailsOfProperties.ADDRESS;
                addresses.add(postalAddress(a, preference(id, field, a, a.getPref(), losses)));
            } else if (p instanceof Url u && u.getValue() != null) {
                field = "urls[" + urls.size() + "]";
                mapped = DetailsOfProperties.TYPED;
                // every TYPE value (Url.getType gives the first only)
                urls.add(typed(u.getValue(), u.getParameters().getTypes().stream().map(t -> t.toLowerCase(Locale.ROOT)).toList(),
                        preference(id, field, u, u.getPref(), losses)));
            } else if (p instanceof Impp i && i.getUri() != null) {
                field = "impps[" + impps.size() + "]";
                mapped = DetailsOfProperties.TYPED;
                impps.add(typed(i.getUri().toString(), names(i.getTypes(), ImppType::getValue), preference(id, field, i, i.getPref(), losses)));
            } else if (p instanceof Organization o && organization == null && !o.getValues().isEmpty()) {
                organization = new org.dtp.models.contacts.Organization(o.getValues().get(0), o.getValues().subList(1, o.getValues().size()));
                field = "organization";
            } else if (p instanceof Title t && title == null) {
                title = t.getValue();
                field = "title";
            } else if (p instanceof Role r && role == null) {
                role = r.getValue();
                field = "role";
            } else if (p instanceof Birthday b && birthday == null) {
                birthday = partialDateOf(b);
                field = "birthday";
            } else if (p instanceof Anniversary a && anniversary == null) {
                anniversary = partialDateOf(a);
                field = "anniversary";
            } else if (p instanceof ezvcard.property.Gender g && gender == null && (nonEmpty(g.getGender()) || nonEmpty(g.getText()))) {
                gender = genderOf(g);
                field = "gender";
            } else if (p instanceof Note note && note.getValue() != null) {
                field = "notes[" + notes.size() + "]";
                notes.add(lines(note.getValue()));
            } else if (p instanceof Categories c && (categories.isEmpty() || DetailsOfProperties.of(p, mapped) == null)) {
                // written back as one CATEGORIES: the parameters of the first are those of all
                field = "categories";
                categories.addAll(c.getValues());
            } else if (p instanceof Photo ph && photo == null && ph.getData() != null) {
                photo = photoRef(ph, photoUri);
                field = "photo";
                mapped = DetailsOfProperties.PHOTO;
            } else if (p instanceof Related r && (r.getUri() != null || r.getText() != null)) {
                field = "related[" + related.size() + "]";
                mapped = DetailsOfProperties.TYPED;
                related.add(new TypedValue(r.getUri() != null ? r.getUri() : r.getText(), names(r.getTypes(), RelatedType::getValue),
                        preference(id, field, r, r.getPref(), losses)));
            } else if (p instanceof Member m && m.getUri() != null) {
                field = "members[" + members.size() + "]";
                members.add(m.getUri());
            } else if (p instanceof Geo g && geo == null && g.getLatitude() != null && g.getLongitude() != null
                    && Math.abs(g.getLatitude()) <= 90 && Math.abs(g.getLongitude()) <= 180) {
                geo = new GeoLocation(g.getLatitude(), g.getLongitude(), null);
                field = "geo";
            } else if (p instanceof Timezone tz && timeZone == null && (tz.getOffset() != null || tz.getText() != null)) {
                timeZone = tz.getOffset() != null ? tz.getOffset().getId() : tz.getText();
                field = "timeZone";
            } else if (p instanceof Revision rev && revision == null && rev.getValue() != null) {
                revision = instantOf(rev.getValue());
                field = "revision";
                if (rev.getValue() instanceof LocalDateTime || rev.getValue() instanceof LocalDate) {
                    losses.notKept(id, field, "REV:" + rev.getValue() + ": a time without a zone, read as UTC");
                }
            } else if (p instanceof RawProperty raw && ("BDAY".equalsIgnoreCase(raw.getPropertyName())
                    || "ANNIVERSARY".equalsIgnoreCase(raw.getPropertyName())) && raw.getValue() != null && !raw.getValue().isBlank()
                    && ("BDAY".equalsIgnoreCase(raw.getPropertyName()) ? birthday == null : anniversary == null)) {
                org.dtp.models.contacts.PartialDate asText = partialDateOf(raw.getValue());
                if ("BDAY".equalsIgnoreCase(raw.getPropertyName())) {
                    birthday = asText;
                    field = "birthday";
                } else {
                    anniversary = asText;
                    field = "anniversary";
                }
            } else if (p instanceof Label label && label.getValue() != null && labelled(addresses, label)) {
                continue; // the label of an address read before it, now in that address's field
            } else if (p instanceof RawProperty raw && "VERSION".equalsIgnoreCase(raw.getPropertyName())) {
                throw new MalformedVCardException("malformed vCard: VERSION " + shorten(raw.getValue())
                        + " is not a vCard version (2.1, 3.0 or 4.0)");
            } else if (p instanceof RawProperty raw && ALTERNATIVE_N.equalsIgnoreCase(raw.getPropertyName())) {
                extended.add(alternativeN(extendedOf(p, card)));
                continue;
            } else {
                // Includes standard properties whose value ez-vcard cannot read: carried as they are, nothing lost.
                extended.add(extendedOf(p, card));
                continue;
            }
            PropertyDetails kept = DetailsOfProperties.of(p, mapped);
            if (kept != null) {
                details.put(field, kept);
            }
        }
        // Property order means nothing in a vCard and servers reorder (Radicale sorts by name): by name, stable.
        extended.sort(java.util.Comparator.comparing(ExtendedProperty::name));
        return Contact.builder().id(id).uid(uid).kind(kind).kindText(kindText)
                .formattedName(formattedName).name(structuredName(n)).nicknames(nicknames)
                .emails(emails).phones(phones).addresses(addresses).urls(urls).impps(impps)
                .organization(organization).title(title).role(role)
                .birthday(birthday).anniversary(anniversary).gender(gender)
                .notes(notes).categories(categories).photo(photo).related(related).members(members)
                .geo(geo).timeZone(timeZone).revision(revision).extended(extended).propertyDetails(details)
                .build();
    }

    /**
     * Whether a 2.1/3.0 LABEL that ez-vcard left unassigned (its TYPE not exactly the ADR's: ez-vcard itself writes
     * {@code ADR;TYPE=work,pref} with {@code LABEL;TYPE=work}) became the label of the first address without one
     * whose types include the label's.
     */
    private static boolean labelled(List<PostalAddress> addresses, Label label) {
        List<String> types = names(label.getTypes(), AddressType::getValue).stream().filter(t -> !t.equals("pref")).toList();
        for (int i = 0; i < addresses.size(); i++) {
            PostalAddress a = addresses.get(i);
            if (a.label() == null && a.types().containsAll(types)) {
                addresses.set(i, a.toBuilder().label(lines(label.getValue())).build());
                return true;
            }
        }
        return false;
    }

    /**
     * The PREF of {@code p} when it is one the model holds (1 to 100, RFC 6350 §5.3); one outside is reported and
     * read as none.
     */
    private static Integer preference(String id, String field, VCardProperty p, Integer pref, ReadLosses losses) {
        if (pref != null && pref(pref) == null) {
            losses.notKept(id, field, SCRIBES.getPropertyScribe(p).getPropertyName() + ";PREF=" + pref
                    + ": a PREF outside 1 to 100 (RFC 6350 §5.3), read as no preference");
        }
        return pref;
    }

    private static org.dtp.models.contacts.StructuredName structuredName(StructuredName n) {
        return n == null ? null : new org.dtp.models.contacts.StructuredName(
                n.getFamily(), n.getGiven(), n.getAdditionalNames(), n.getPrefixes(), n.getSuffixes());
    }

    /** An ADR, its TYPE and PREF read as those of other typed values ({@link #typed}). */
    private static PostalAddress postalAddress(Address a, Integer pref) {
        TypedValue types = typed("", names(a.getTypes(), AddressType::getValue), pref);
        return PostalAddress.builder()
                .poBox(a.getPoBox())
                .extended(a.getExtendedAddress())
                .street(a.getStreetAddress())
                .locality(a.getLocality())
                .region(a.getRegion())
                .postalCode(a.getPostalCode())
                .country(a.getCountry())
                .label(lines(a.getLabel()))
                .types(types.types())
                .pref(types.pref())
                .build();
    }

    private static Gender genderOf(ezvcard.property.Gender g) {
        String sex = g.getGender();
        String identity = nonEmpty(g.getText()) ? g.getText() : null;
        int semicolon = sex == null ? -1 : sex.indexOf(';');
        if (semicolon >= 0 && identity == null) {
            // vCard 3.0 has no GENDER, so servers treat it as text and escape its ';' (Radicale: F\;woman)
            identity = nonEmpty(sex.substring(semicolon + 1)) ? sex.substring(semicolon + 1) : null;
            sex = sex.substring(0, semicolon);
        }
        return new Gender(sexOf(sex), identity);
    }

    /** An inline photo as the reference {@code photoUri}, with the photo's type and size. */
    private static MediaRef photoRef(Photo ph, String photoUri) {
        ImageType given = ph.getContentType();
        String type = given == null ? "application/octet-stream"
                : given.getMediaType() != null ? given.getMediaType()
                // a media type where 3.0 expects a name (Nextcloud, Synology: TYPE=image/jpeg), which ez-vcard does not map
                : given.getValue() != null && given.getValue().contains("/") ? given.getValue().toLowerCase(Locale.ROOT)
                : "application/octet-stream";
        return new MediaRef(photoUri, type, ph.getData().length);
    }

    /** The bytes of the first inline photo of the vCard {@code text}; empty when it has none. */
    public static Optional<byte[]> inlinePhoto(String text) throws MalformedVCardException {
        for (Photo photo : parse(text).getPhotos()) {
            if (photo.getData() != null) {
                return Optional.of(photo.getData());
            }
        }
        return Optional.empty();
    }

    /**
     * The vCards of a {@code .vcf} file's text, each its own text from {@code BEGIN:VCARD} to its {@code END:VCARD}
     * (a vCard 2.1 AGENT inside one stays in it), in file order: phones and address-book apps export all contacts
     * into one file. Text outside them that is not blank, and a vCard that never ends, become pieces of their own,
     * which {@link #read} refuses, so that one broken vCard costs only itself.
     */
    public static List<String> split(String text) {
        List<String> pieces = new ArrayList<>();
        StringBuilder piece = new StringBuilder();
        int depth = 0;
        for (String line : text.split("\r?\n", -1)) {
            String upper = line.trim().toUpperCase(Locale.ROOT);
            if (depth == 0 && upper.isEmpty()) {
                continue;
            }
            if (upper.equals("BEGIN:VCARD") || upper.endsWith(":BEGIN:VCARD")) {
                if (depth == 0 && piece.length() > 0) {
                    pieces.add(piece.toString()); // stray text before this vCard
                    piece.setLength(0);
                }
                depth++;
            }
            piece.append(line).append("\r\n");
            if ((upper.equals("END:VCARD") || upper.endsWith(":END:VCARD")) && depth > 0 && --depth == 0) {
                pieces.add(piece.toString());
                piece.setLength(0);
            }
        }
        if (piece.length() > 0) {
            pieces.add(piece.toString());
        }
        return pieces;
    }

    /** {@code contact} as vCard text of {@code version}, without a photo; with the contact's UID if it has one. */
    public static String write(Contact contact, VCardVersion version) {
        return write(contact, version, null, null);
    }

    /**
     * {@code contact} as vCard text of {@code version}: with its UID or else {@code uidIfNone} (null: none), and
     * {@code photo}, the bytes of the contact's photo, inline with the photo's content type (null: no photo).
     * Properties of vCard 4 (KIND, GENDER, ANNIVERSARY, partial dates) are written in vCard 3.0 too, as readers of
     * 3.0 that know them (Apple's, ez-vcard's) read them; so are a {@code tel:} URI ({@code TEL;VALUE=uri}) and a
     * further N (as {@value #ALTERNATIVE_N}, which {@link #read} reads as that N).
     *
     * @throws IllegalArgumentException when a value cannot be written (e.g. an IMPP that is no URI), or photo bytes
     *                                  are given for a contact without a photo
     */
    public static String write(Contact contact, VCardVersion version, String uidIfNone, byte[] photo) {
        if (photo != null && contact.photo() == null) {
            throw new IllegalArgumentException("photo bytes given for a contact without a photo");
        }
        ezvcard.VCardVersion target = switch (version) {
            case V3_0 -> ezvcard.VCardVersion.V3_0;
            case V4_0 -> ezvcard.VCardVersion.V4_0;
        };
        VCard card = new VCard(target);
        addNames(card, contact, contact.uid() != null ? contact.uid() : uidIfNone);
        addContactPoints(card, contact);
        addAbout(card, contact);
        if (photo != null) {
            card.addPhoto(DetailsOfProperties.apply(new Photo(photo, ImageType.get(null, contact.photo().contentType(), null)),
                    contact.propertyDetails().get("photo")));
        }
        addRelations(card, contact);
        addPlaceAndTime(card, contact);
        for (ExtendedProperty x : contact.extended()) {
            card.addProperty(target == ezvcard.VCardVersion.V3_0 ? inVCard3(x) : rawProperty(x));
        }
        // What XML 1.0 forbids never reaches a CardDAV server; a reader of the result reports what differs.
        return ControlCharacters.clean(text(card, target), (property, what) -> { });
    }

    /** UID, KIND, FN, N and NICKNAME. */
    private static void addNames(VCard card, Contact contact, String uid) {
        Map<String, PropertyDetails> details = contact.propertyDetails();
        if (uid != null) {
            card.setUid(DetailsOfProperties.apply(new Uid(uid), details.get("uid")));
        }
        if (contact.kind() != null) {
            card.setKind(DetailsOfProperties.apply(new Kind(contact.kind() == ContactKind.OTHER ? contact.kindText()
                    : contact.kind().name().toLowerCase(Locale.ROOT)), details.get("kind")));
        }
        // FN is required in vCard 4 (RFC 6350 §6.2.1): the structured name, an e-mail or the UID stand in for a missing one.
        card.setFormattedName(DetailsOfProperties.apply(new FormattedName(contact.formattedName() != null ? contact.formattedName()
                : fallbackName(contact)), details.get("formattedName")));
        if (contact.name() != null) {
            StructuredName n = new StructuredName();
            n.setFamily(contact.name().family());
            n.setGiven(contact.name().given());
            n.getAdditionalNames().addAll(contact.name().additional());
            n.getPrefixes().addAll(contact.name().prefixes());
            n.getSuffixes().addAll(contact.name().suffixes());
            card.setStructuredName(DetailsOfProperties.apply(n, details.get("name")));
        }
        // One NICKNAME per value: Radicale's vobject keeps only the first of a comma-separated list.
        for (int i = 0; i < contact.nicknames().size(); i++) {
            Nickname nickname = new Nickname();
            nickname.getValues().add(contact.nicknames().get(i));
            card.addNickname(DetailsOfProperties.apply(nickname, details.get("nicknames[" + i + "]")));
        }
    }

    /** EMAIL, TEL, ADR, URL and IMPP. */
    private static void addContactPoints(VCard card, Contact contact) {
        Map<String, PropertyDetails> details = contact.propertyDetails();
        for (int i = 0; i < contact.emails().size(); i++) {
            TypedValue e = contact.emails().get(i);
            Email email = new Email(e.value());
            e.types().forEach(t -> email.getTypes().add(EmailType.get(t)));
            email.setPref(e.pref());
            card.addEmail(DetailsOfProperties.apply(email, details.get("emails[" + i + "]")));
        }
        for (int i = 0; i < contact.phones().size(); i++) {
            TypedValue t = contact.phones().get(i);
            Telephone tel = telephone(t.value());
            t.types().forEach(type -> tel.getTypes().add(TelephoneType.get(type)));
            tel.setPref(t.pref());
            DetailsOfProperties.apply(tel, details.get("phones[" + i + "]"));
            card.addProperty(card.getVersion() == ezvcard.VCardVersion.V3_0 && tel.getUri() != null ? uriInVCard3(tel, card) : tel);
        }
        for (int i = 0; i < contact.addresses().size(); i++) {
            card.addAddress(DetailsOfProperties.apply(address(contact.addresses().get(i)), details.get("addresses[" + i + "]")));
        }
        for (int i = 0; i < contact.urls().size(); i++) {
            TypedValue u = contact.urls().get(i);
            Url url = new Url(u.value());
            url.setType(u.types().isEmpty() ? null : String.join(",", u.types()));
            url.setPref(u.pref());
            card.addUrl(DetailsOfProperties.apply(url, details.get("urls[" + i + "]")));
        }
        for (int i = 0; i < contact.impps().size(); i++) {
            TypedValue im = contact.impps().get(i);
            Impp impp = new Impp(URI.create(im.value()));
            im.types().forEach(t -> impp.getTypes().add(ImppType.get(t)));
            impp.setPref(im.pref());
            card.addImpp(DetailsOfProperties.apply(impp, details.get("impps[" + i + "]")));
        }
    }

    private static Address address(PostalAddress a) {
        Address adr = new Address();
        adr.setPoBox(a.poBox());
        adr.setExtendedAddress(a.extended());
        adr.setStreetAddress(a.street());
        adr.setLocality(a.locality());
        adr.setRegion(a.region());
        adr.setPostalCode(a.postalCode());
        adr.setCountry(a.country());
        adr.setLabel(a.label());
        a.types().forEach(t -> adr.getTypes().add(AddressType.get(t)));
        adr.setPref(a.pref());
        return adr;
    }

    /** ORG, TITLE, ROLE, BDAY, ANNIVERSARY, GENDER, NOTE and CATEGORIES. */
    private static void addAbout(VCard card, Contact contact) {
        Map<String, PropertyDetails> details = contact.propertyDetails();
        if (contact.organization() != null) {
            Organization org = new Organization();
            org.getValues().add(contact.organization().name() == null ? "" : contact.organization().name());
            org.getValues().addAll(contact.organization().units());
            card.setOrganization(DetailsOfProperties.apply(org, details.get("organization")));
        }
        if (contact.title() != null) {
            card.addTitle(DetailsOfProperties.apply(new Title(contact.title()), details.get("title")));
        }
        if (contact.role() != null) {
            card.addRole(DetailsOfProperties.apply(new Role(contact.role()), details.get("role")));
        }
        if (contact.birthday() != null) {
            card.addProperty(DetailsOfProperties.apply(dated(new Birthday(PartialDate.builder().build()), contact.birthday(), card.getVersion()),
                    details.get("birthday")));
        }
        if (contact.anniversary() != null) {
            card.addProperty(DetailsOfProperties.apply(dated(new Anniversary(PartialDate.builder().build()), contact.anniversary(), card.getVersion()),
                    details.get("anniversary")));
        }
        if (contact.gender() != null) {
            ezvcard.property.Gender g = new ezvcard.property.Gender(contact.gender().sex() == null ? "" : contact.gender().sex().name().substring(0, 1));
            g.setText(contact.gender().identity());
            card.setGender(DetailsOfProperties.apply(g, details.get("gender")));
        }
        for (int i = 0; i < contact.notes().size(); i++) {
            card.addNote(DetailsOfProperties.apply(new Note(contact.notes().get(i)), details.get("notes[" + i + "]")));
        }
        if (!contact.categories().isEmpty()) {
            Categories cat = new Categories();
            cat.getValues().addAll(contact.categories());
            card.setCategories(DetailsOfProperties.apply(cat, details.get("categories")));
        }
    }

    /** RELATED (a URI, or else text) and MEMBER. */
    private static void addRelations(VCard card, Contact contact) {
        Map<String, PropertyDetails> details = contact.propertyDetails();
        for (int i = 0; i < contact.related().size(); i++) {
            TypedValue r = contact.related().get(i);
            Related rel = new Related();
            if (URI_LIKE.matcher(r.value()).matches()) {
                rel.setUri(r.value());
            } else {
                rel.setText(r.value());
            }
            r.types().forEach(t -> rel.getTypes().add(RelatedType.get(t)));
            rel.setPref(r.pref());
            card.addRelated(DetailsOfProperties.apply(rel, details.get("related[" + i + "]")));
        }
        for (int i = 0; i < contact.members().size(); i++) {
            card.addMember(DetailsOfProperties.apply(new Member(contact.members().get(i)), details.get("members[" + i + "]")));
        }
    }

    /** GEO, TZ (a UTC offset, or else text) and REV. */
    private static void addPlaceAndTime(VCard card, Contact contact) {
        Map<String, PropertyDetails> details = contact.propertyDetails();
        if (contact.geo() != null) {
            card.setGeo(DetailsOfProperties.apply(new Geo(contact.geo().latitude(), contact.geo().longitude()), details.get("geo")));
        }
        if (contact.timeZone() != null) {
            card.setTimezone(DetailsOfProperties.apply(UTC_OFFSET.matcher(contact.timeZone()).matches()
                    ? new Timezone(ZoneOffset.of(contact.timeZone())) : new Timezone(contact.timeZone()), details.get("timeZone")));
        }
        if (contact.revision() != null) {
            card.setRevision(DetailsOfProperties.apply(new Revision(contact.revision()), details.get("revision")));
        }
    }

    /**
     * An extended property for a vCard 3.0: a KEY, LOGO, SOUND or PHOTO kept as a vCard 4 {@code data:} URI is written
     * as 3.0's inline binary ({@code ENCODING=b;TYPE=...}), which 3.0 readers take for the data; the rest as it came.
     */
    private static VCardProperty inVCard3(ExtendedProperty x) {
        RawProperty raw = rawProperty(x);
        if (raw.getPropertyName().equalsIgnoreCase("N")) {
            RawProperty alternative = new RawProperty(ALTERNATIVE_N, escapeText(raw.getValue()));
            alternative.setGroup(raw.getGroup());
            raw.getParameters().forEach(e -> e.getValue().forEach(v -> alternative.getParameters().put(e.getKey(), v)));
            return alternative;
        }
        if (!x.value().regionMatches(true, 0, "data:", 0, 5)) {
            return raw;
        }
        DataUri uri;
        try {
            uri = DataUri.parse(x.value());
        } catch (IllegalArgumentException e) {
            return raw;
        }
        BinaryProperty<?> binary = switch (raw.getPropertyName().toUpperCase(Locale.ROOT)) {
            case "KEY" -> new Key(uri.getData(), KeyType.get(null, uri.getContentType(), null));
            case "LOGO" -> new Logo(uri.getData(), ImageType.get(null, uri.getContentType(), null));
            case "SOUND" -> new Sound(uri.getData(), SoundType.get(null, uri.getContentType(), null));
            case "PHOTO" -> new Photo(uri.getData(), ImageType.get(null, uri.getContentType(), null));
            default -> null;
        };
        if (binary == null || uri.getData() == null) {
            return raw;
        }
        binary.setGroup(raw.getGroup());
        x.params().forEach((k, values) -> {
            if (!k.equalsIgnoreCase("TYPE") && !k.equalsIgnoreCase("MEDIATYPE")) {
                values.forEach(v -> binary.getParameters().put(k, v));
            }
        });
        return binary;
    }

    /** An extended property as it came, its group ({@code item1.}) split from its name again. */
    private static RawProperty rawProperty(ExtendedProperty x) {
        String name = x.name();
        String group = null;
        int dot = name.indexOf('.');
        if (dot > 0) {
            group = name.substring(0, dot);
            name = name.substring(dot + 1);
        }
        RawProperty raw = new RawProperty(name, x.value());
        raw.setGroup(group);
        x.params().forEach((k, values) -> values.forEach(v -> raw.getParameters().put(k, v)));
        return raw;
    }

    /** The further N an {@link #ALTERNATIVE_N} of a vCard 3.0 stands for: its name N again, its text the N's value. */
    private static ExtendedProperty alternativeN(ExtendedProperty x) {
        String group = x.name().substring(0, x.name().length() - ALTERNATIVE_N.length());
        return new ExtendedProperty(group + "N", x.params(), unescapeText(x.value()));
    }

    /** {@code value} as a vCard text value (RFC 2426 §5, RFC 6350 §3.4): backslash, semicolon, comma and line breaks escaped. */
    private static String escapeText(String value) {
        return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\n").replace("\n", "\\n");
    }

    /** The text a vCard text value stands for: {@link #escapeText} undone, {@code \N} read as {@code \n}. */
    private static String unescapeText(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length()) {
                char next = value.charAt(++i);
                out.append(next == 'n' || next == 'N' ? '\n' : next);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * A TEL holding a URI, for a vCard 3.0: ez-vcard would write it as a number's text there ({@code tel:+1-555;ext=5}
     * becomes {@code +1-555 x5}). 3.0 lets a property's VALUE parameter say its value is a URI (RFC 2425 §5.8.4), so it
     * is written as given, with the parameters 3.0 gives a TEL, PREF=1 as {@code TYPE=pref} (3.0 has no PREF).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static RawProperty uriInVCard3(Telephone tel, VCard card) {
        VCardPropertyScribe scribe = SCRIBES.getPropertyScribe(tel);
        RawProperty raw = new RawProperty(scribe.getPropertyName(), tel.getUri().toString());
        raw.setGroup(tel.getGroup());
        VCardParameters params = scribe.prepareParameters(tel, ezvcard.VCardVersion.V3_0, card);
        params.removeAll("VALUE");
        raw.getParameters().put("VALUE", "uri");
        params.forEach(e -> e.getValue().forEach(v -> raw.getParameters().put(e.getKey(), v)));
        if (Integer.valueOf(1).equals(tel.getPref())) {
            raw.getParameters().put("TYPE", "pref");
        }
        return raw;
    }

    private static String text(VCard card, ezvcard.VCardVersion target) {
        StringWriter out = new StringWriter();
        try (VCardWriter writer = new VCardWriter(out, target)) {
            writer.setAddProdId(false);
            writer.setVersionStrict(false);
            // RFC 6868: a parameter value with a quote or a line break (a LABEL, an X- parameter) written as it reads
            writer.setCaretEncodingEnabled(true);
            writer.write(card);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        return out.toString();
    }

    private static String fallbackName(Contact c) {
        if (c.name() != null) {
            String joined = String.join(" ", java.util.stream.Stream.of(c.name().given(), c.name().family())
                    .filter(VCardFormat::nonEmpty).toList());
            if (!joined.isEmpty()) {
                return joined;
            }
        }
        if (c.organization() != null && nonEmpty(c.organization().name())) {
            return c.organization().name();
        }
        return !c.emails().isEmpty() ? c.emails().get(0).value() : "";
    }

    private static Telephone telephone(String value) {
        if (value.regionMatches(true, 0, "tel:", 0, 4)) {
            try {
                return new Telephone(TelUri.parse(value));
            } catch (IllegalArgumentException e) {
                // not a valid tel URI after all: kept as text
            }
        }
        return new Telephone(value);
    }

    /**
     * {@code property} holding {@code d}. vCard 3.0 has no partial dates (ez-vcard writes them empty there), so in 3.0
     * one is written as the ISO 8601 text ({@code --04-15}) that Apple's and Google's 3.0 vCards hold.
     */
    private static VCardProperty dated(DateOrTimeProperty property, org.dtp.models.contacts.PartialDate d, ezvcard.VCardVersion target) {
        if (d.text() != null) {
            try {
                PartialDate parsed = PartialDate.parse(d.text());
                property.setPartialDate(parsed);
            } catch (IllegalArgumentException e) {
                property.setText(d.text());
            }
        } else if (d.year() != null && d.month() != null && d.day() != null) {
            property.setDate(LocalDate.of(d.year(), d.month(), d.day()));
        } else {
            property.setPartialDate(PartialDate.builder().year(d.year()).month(d.month()).date(d.day()).build());
        }
        if (target == ezvcard.VCardVersion.V3_0 && property.getPartialDate() != null) {
            return new RawProperty(SCRIBES.getPropertyScribe(property).getPropertyName(),
                    d.text() != null ? d.text() : property.getPartialDate().toISO8601(true));
        }
        return property;
    }

    private static org.dtp.models.contacts.PartialDate partialDateOf(DateOrTimeProperty p) {
        if (p.getDate() != null) {
            Temporal t = p.getDate();
            if (t instanceof LocalDate date) {
                return new org.dtp.models.contacts.PartialDate(date.getYear(), date.getMonthValue(), date.getDayOfMonth(), null);
            }
            return new org.dtp.models.contacts.PartialDate(null, null, null, t.toString());
        }
        if (p.getPartialDate() != null) {
            PartialDate d = p.getPartialDate();
            if (d.hasTimeComponent() || !d.hasDateComponent()) {
                return new org.dtp.models.contacts.PartialDate(null, null, null, d.toISO8601(true));
            }
            return new org.dtp.models.contacts.PartialDate(d.getYear(), d.getMonth(), d.getDate(), null);
        }
        return p.getText() == null || p.getText().isBlank() ? null : new org.dtp.models.contacts.PartialDate(null, null, null, p.getText());
    }

    /**
     * A BDAY or ANNIVERSARY ez-vcard left as text: a date without year as 3.0 clients write it (Google's and Apple's
     * {@code --04-15}) is read as the partial date it is, anything else kept as text.
     */
    private static org.dtp.models.contacts.PartialDate partialDateOf(String text) {
        try {
            PartialDate d = PartialDate.parse(text.trim());
            if (d.hasDateComponent() && !d.hasTimeComponent()) {
                return new org.dtp.models.contacts.PartialDate(d.getYear(), d.getMonth(), d.getDate(), null);
            }
        } catch (IllegalArgumentException e) {
            // not an ISO 8601 date: text, as vCard 4 allows
        }
        return new org.dtp.models.contacts.PartialDate(null, null, null, text);
    }

    private static Instant instantOf(Temporal t) {
        if (t instanceof Instant i) {
            return i;
        }
        if (t instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (t instanceof ZonedDateTime z) {
            return z.toInstant();
        }
        if (t instanceof LocalDateTime l) {
            return l.toInstant(ZoneOffset.UTC);
        }
        if (t instanceof LocalDate d) {
            return d.atStartOfDay().toInstant(ZoneOffset.UTC);
        }
        return null;
    }

    private static ContactKind kindOf(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "individual" -> ContactKind.INDIVIDUAL;
            case "group" -> ContactKind.GROUP;
            case "org" -> ContactKind.ORG;
            case "location" -> ContactKind.LOCATION;
            default -> ContactKind.OTHER;
        };
    }

    private static Sex sexOf(String letter) {
        if (letter == null || letter.isBlank()) {
            return null;
        }
        return switch (letter.trim().toUpperCase(Locale.ROOT)) {
            case "M" -> Sex.MALE;
            case "F" -> Sex.FEMALE;
            case "O" -> Sex.OTHER;
            case "N" -> Sex.NONE;
            default -> Sex.UNKNOWN;
        };
    }

    private static <T extends VCardParameter> List<String> names(List<T> types, Function<T, String> value) {
        List<String> out = new ArrayList<>();
        for (T t : types) {
            String v = value.apply(t);
            if (v != null) {
                out.add(v.toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    /**
     * A typed value with vCard 2.1/3.0's {@code TYPE=pref} read as vCard 4's {@code PREF=1} (RFC 6350 §6.4.1 says
     * they mean the same; ez-vcard writes it so), so that a contact reads the same in every version.
     */
    private static TypedValue typed(String value, List<String> types, Integer pref) {
        if (types.contains("pref")) {
            types = types.stream().filter(t -> !t.equals("pref")).toList();
            pref = pref == null ? Integer.valueOf(1) : pref;
        }
        return new TypedValue(value, types, pref(pref));
    }

    /** Line breaks as vCard text escapes them ({@code \n}, RFC 6350 §3.4): a CR LF of a 2.1 label reads as LF. */
    private static String lines(String text) {
        return text == null ? null : text.replace("\r\n", "\n");
    }

    private static Integer pref(Integer pref) {
        return pref != null && pref >= 1 && pref <= 100 ? pref : null;
    }

    private static boolean nonEmpty(String s) {
        return s != null && !s.isBlank();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ExtendedProperty extendedOf(VCardProperty p, VCard card) {
        VCardPropertyScribe scribe = SCRIBES.getPropertyScribe(p);
        String name = p instanceof RawProperty raw ? raw.getPropertyName() : scribe.getPropertyName();
        String value = p instanceof RawProperty raw ? raw.getValue() : scribe.writeText(p, V4);
        VCardParameters params = p instanceof RawProperty ? p.getParameters() : scribe.prepareParameters(p, ezvcard.VCardVersion.V4_0, card);
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : params) {
            map.put(e.getKey(), new ArrayList<>(e.getValue()));
        }
        // ez-vcard rebuilds some parameters from the value it read and drops those not of its version (a 4.0
        // MEDIATYPE on a KEY URI read from a 3.0 vCard): what it dropped is kept as given.
        for (Map.Entry<String, List<String>> e : p.getParameters()) {
            if (!OF_THE_ENCODING.contains(e.getKey().toUpperCase(Locale.ROOT))) {
                map.putIfAbsent(e.getKey(), new ArrayList<>(e.getValue()));
            }
        }
        // vCard 2.1's ENCODING=BASE64 on inline data ez-vcard does not know (Outlook's X-MS-CARDPICTURE) is 3.0's
        // ENCODING=b: the 2.1 spelling makes CardDAV servers refuse the vCard (Radicale: 400).
        map.computeIfPresent("ENCODING", (k, v) -> v.stream().map(x -> x.equalsIgnoreCase("BASE64") ? "b" : x).toList());
        String full = p.getGroup() == null ? name : p.getGroup() + "." + name;
        if (ANDROID_CUSTOM.equalsIgnoreCase(name) && value != null) {
            value = separatorsUnescaped(value);
        }
        return new ExtendedProperty(full.toUpperCase(Locale.ROOT), map, value == null ? "" : value);
    }

    /**
     * Android's {@code X-ANDROID-CUSTOM} is a MIME type and its fields, separated by ';' ({@code
     * vnd.android.cursor.item/nickname;Bob;1;;...}), a literal ';' in a field escaped. A server that takes the
     * property as TEXT escapes every ';' when it writes the vCard again (Radicale's vobject): a value with escaped ';'
     * and not one separator is such a server's, and its ';' are separators again. A field's own ';', escaped by
     * Android, cannot be told from those (it becomes a separator too); the read-back of an import reports that case.
     */
    static String separatorsUnescaped(String value) {
        if (!value.contains("\\;") || value.replace("\\\\", "").replace("\\;", "").contains(";")) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length()) {
                char next = value.charAt(++i);
                out.append(next == ';' ? ";" : "\\" + next);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String shorten(String s) {
        return s == null ? "" : s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
}
