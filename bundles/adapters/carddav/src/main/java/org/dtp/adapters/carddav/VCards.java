package org.dtp.adapters.carddav;

import ezvcard.VCard;
import ezvcard.VCardVersion;
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
import ezvcard.property.Member;
import ezvcard.property.Nickname;
import ezvcard.property.Note;
import ezvcard.property.Organization;
import ezvcard.property.Photo;
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
import org.dtp.models.ExtendedProperty;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.ContactKind;
import org.dtp.models.contacts.Gender;
import org.dtp.models.contacts.PostalAddress;
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
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * vCard 2.1, 3.0 and 4.0 text to {@link Contact} and back (written as vCard 3.0 or 4.0), with ez-vcard. Properties the model has no field for (X- properties, LANG, KEY, SOURCE,
 * further FN values, a photo given by URI, ...) go to {@code extended} as vCard 4.0 text, their group (Apple's
 * {@code item1.}) kept in the name, and are written back as they came.
 *
 * <p>A vCard is refused ({@link MalformedVCardException}) when it cannot be read whole: no vCard or more than one
 * (RFC 6352 §5.1), an unknown VERSION, or a line ez-vcard had to skip. A standard property whose value ez-vcard
 * cannot read (e.g. {@code REV:yesterday}) is carried verbatim in {@code extended}; a BDAY or ANNIVERSARY that is
 * not a date is kept as text (vCard 4 allows it).
 */
final class VCards {
    /** What a photo's media reference starts with; the rest is the resource's path at the source. */
    static final String PHOTO_REF = "carddav-photo:";

    private static final ScribeIndex SCRIBES = new ScribeIndex();
    private static final WriteContext V4 = new WriteContext(VCardVersion.V4_0, null, false);
    private static final Pattern URI_LIKE = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:\\S+");
    private static final Pattern GEO_LINE = Pattern.compile("(?im)^((?:[a-z0-9-]+\\.)?GEO(?:;[^:\r\n]*)?:)([^\r\n]*)");
    private static final Pattern UTC_OFFSET = Pattern.compile("[+-]\\d{2}:?\\d{2}");

    /** A vCard that cannot be read whole; the message says what and where. */
    static final class MalformedVCardException extends Exception {
        MalformedVCardException(String message) {
            super(message);
        }
    }

    private VCards() {
    }

    /** The single vCard of a resource's text. */
    static VCard read(String text) throws MalformedVCardException {
        List<VCard> cards = new ArrayList<>();
        try (VCardReader reader = new VCardReader(unescapeGeo(text))) {
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
        return cards.get(0);
    }

    /**
     * {@code text} with the separators of GEO values unescaped: servers that take GEO for text escape them (Radicale's
     * vobject writes {@code GEO:46.77\\;-71.28} in vCard 3.0 and cuts {@code geo:46.77,-71.28} in 4.0), which no
     * reader of GEO expects. A GEO value holds no text, so an escaped separator can only be such a quirk.
     */
    static String unescapeGeo(String text) {
        Matcher m = GEO_LINE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + m.group(2).replace("\\;", ";").replace("\\,", ",")));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * The contact {@code id} of the vCard {@code text}; an inline photo becomes a media reference to
     * {@code resourcePath} (the exporter reads it from there again).
     */
    static Contact toContact(String id, String resourcePath, String text) throws MalformedVCardException {
        VCard card = read(text);
        List<ExtendedProperty> extended = new ArrayList<>();
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
            if (p instanceof Uid u && uid == null) {
                uid = u.getValue();
            } else if (p instanceof Kind k && kind == null && k.getValue() != null) {
                kind = kindOf(k.getValue());
                kindText = kind == ContactKind.OTHER ? k.getValue() : null;
            } else if (p instanceof FormattedName fn && formattedName == null) {
                formattedName = fn.getValue();
            } else if (p instanceof StructuredName sn && n == null) {
                n = sn;
            } else if (p instanceof Nickname nick) {
                nicknames.addAll(nick.getValues());
            } else if (p instanceof Email e && e.getValue() != null) {
                emails.add(typed(e.getValue(), names(e.getTypes(), EmailType::getValue), e.getPref()));
            } else if (p instanceof Telephone t && (t.getText() != null || t.getUri() != null)) {
                phones.add(typed(t.getUri() != null ? t.getUri().toString() : t.getText(),
                        names(t.getTypes(), TelephoneType::getValue), t.getPref()));
            } else if (p instanceof Address a) {
                TypedValue types = typed("", names(a.getTypes(), AddressType::getValue), a.getPref());
                addresses.add(new PostalAddress(a.getPoBox(), a.getExtendedAddress(), a.getStreetAddress(), a.getLocality(),
                        a.getRegion(), a.getPostalCode(), a.getCountry(), lines(a.getLabel()), types.types(), types.pref()));
            } else if (p instanceof Url u && u.getValue() != null) {
                urls.add(new TypedValue(u.getValue(), u.getType() == null ? List.of() : List.of(u.getType().toLowerCase(Locale.ROOT)),
                        pref(u.getPref())));
            } else if (p instanceof Impp i && i.getUri() != null) {
                impps.add(typed(i.getUri().toString(), names(i.getTypes(), ImppType::getValue), i.getPref()));
            } else if (p instanceof Organization o && organization == null && !o.getValues().isEmpty()) {
                organization = new org.dtp.models.contacts.Organization(o.getValues().get(0), o.getValues().subList(1, o.getValues().size()));
            } else if (p instanceof Title t && title == null) {
                title = t.getValue();
            } else if (p instanceof Role r && role == null) {
                role = r.getValue();
            } else if (p instanceof Birthday b && birthday == null) {
                birthday = partialDateOf(b);
            } else if (p instanceof Anniversary a && anniversary == null) {
                anniversary = partialDateOf(a);
            } else if (p instanceof ezvcard.property.Gender g && gender == null && (nonEmpty(g.getGender()) || nonEmpty(g.getText()))) {
                String sex = g.getGender();
                String identity = nonEmpty(g.getText()) ? g.getText() : null;
                int semicolon = sex == null ? -1 : sex.indexOf(';');
                if (semicolon >= 0 && identity == null) {
                    // vCard 3.0 has no GENDER, so servers treat it as text and escape its ';' (Radicale: F\;woman)
                    identity = nonEmpty(sex.substring(semicolon + 1)) ? sex.substring(semicolon + 1) : null;
                    sex = sex.substring(0, semicolon);
                }
                gender = new Gender(sexOf(sex), identity);
            } else if (p instanceof Note note && note.getValue() != null) {
                notes.add(lines(note.getValue()));
            } else if (p instanceof Categories c) {
                categories.addAll(c.getValues());
            } else if (p instanceof Photo ph && photo == null && ph.getData() != null) {
                String type = ph.getContentType() == null || ph.getContentType().getMediaType() == null ? "application/octet-stream"
                        : ph.getContentType().getMediaType();
                photo = new MediaRef(PHOTO_REF + resourcePath, type, ph.getData().length);
            } else if (p instanceof Related r && (r.getUri() != null || r.getText() != null)) {
                related.add(new TypedValue(r.getUri() != null ? r.getUri() : r.getText(), names(r.getTypes(), RelatedType::getValue),
                        pref(r.getPref())));
            } else if (p instanceof Member m && m.getUri() != null) {
                members.add(m.getUri());
            } else if (p instanceof Geo g && geo == null && g.getLatitude() != null && g.getLongitude() != null
                    && Math.abs(g.getLatitude()) <= 90 && Math.abs(g.getLongitude()) <= 180) {
                geo = new GeoLocation(g.getLatitude(), g.getLongitude(), null);
            } else if (p instanceof Timezone tz && timeZone == null && (tz.getOffset() != null || tz.getText() != null)) {
                timeZone = tz.getOffset() != null ? tz.getOffset().getId() : tz.getText();
            } else if (p instanceof Revision rev && revision == null && rev.getValue() != null) {
                revision = instantOf(rev.getValue());
            } else if (p instanceof RawProperty raw && ("BDAY".equalsIgnoreCase(raw.getPropertyName())
                    || "ANNIVERSARY".equalsIgnoreCase(raw.getPropertyName())) && raw.getValue() != null && !raw.getValue().isBlank()) {
                org.dtp.models.contacts.PartialDate asText = new org.dtp.models.contacts.PartialDate(null, null, null, raw.getValue());
                if ("BDAY".equalsIgnoreCase(raw.getPropertyName()) && birthday == null) {
                    birthday = asText;
                } else if ("ANNIVERSARY".equalsIgnoreCase(raw.getPropertyName()) && anniversary == null) {
                    anniversary = asText;
                } else {
                    extended.add(extendedOf(p, card));
                }
            } else if (p instanceof RawProperty raw && "VERSION".equalsIgnoreCase(raw.getPropertyName())) {
                throw new MalformedVCardException("malformed vCard: VERSION " + shorten(raw.getValue())
                        + " is not a vCard version (2.1, 3.0 or 4.0)");
            } else {
                // Includes standard properties whose value ez-vcard cannot read: carried as they are, nothing lost.
                extended.add(extendedOf(p, card));
            }
        }
        // Property order means nothing in a vCard and servers reorder (Radicale sorts by name): by name, stable.
        extended.sort(java.util.Comparator.comparing(ExtendedProperty::name));
        org.dtp.models.contacts.StructuredName name = n == null ? null : new org.dtp.models.contacts.StructuredName(
                n.getFamily(), n.getGiven(), n.getAdditionalNames(), n.getPrefixes(), n.getSuffixes());
        return new Contact(id, uid, kind, kindText, formattedName, name, nicknames, emails, phones, addresses, urls, impps,
                organization, title, role, birthday, anniversary, gender, notes, categories, photo, related, members, geo,
                timeZone, revision, extended);
    }

    /** The bytes of the inline photo of a vCard's text, or null. */
    static byte[] photoOf(String text) throws MalformedVCardException {
        for (Photo photo : read(text).getPhotos()) {
            if (photo.getData() != null) {
                return photo.getData();
            }
        }
        return null;
    }

    /**
     * {@code contact} as vCard text of {@code version} (3.0 or 4.0), with {@code photo} inline (null: none), its UID
     * or else {@code uidIfNone}. Properties of vCard 4 (KIND, GENDER, ANNIVERSARY, partial dates) are written in
     * vCard 3.0 too, as ez-vcard's lenient mode does and readers of 3.0 that know them (Apple's, ez-vcard) read them.
     */
    static String write(Contact c, byte[] photo, String photoType, String uidIfNone, VCardVersion version) {
        VCard card = new VCard(version);
        String uid = c.uid() != null ? c.uid() : uidIfNone;
        if (uid != null) {
            card.setUid(new Uid(uid));
        }
        if (c.kind() != null) {
            card.setKind(new Kind(c.kind() == ContactKind.OTHER ? c.kindText() : c.kind().name().toLowerCase(Locale.ROOT)));
        }
        // FN is required in vCard 4 (RFC 6350 §6.2.1): the structured name, an e-mail or the UID stand in for a missing one.
        card.setFormattedName(c.formattedName() != null ? c.formattedName() : fallbackName(c));
        if (c.name() != null) {
            StructuredName n = new StructuredName();
            n.setFamily(c.name().family());
            n.setGiven(c.name().given());
            n.getAdditionalNames().addAll(c.name().additional());
            n.getPrefixes().addAll(c.name().prefixes());
            n.getSuffixes().addAll(c.name().suffixes());
            card.setStructuredName(n);
        }
        // One NICKNAME per value: Radicale's vobject keeps only the first of a comma-separated list.
        for (String value : c.nicknames()) {
            Nickname nickname = new Nickname();
            nickname.getValues().add(value);
            card.addNickname(nickname);
        }
        for (TypedValue e : c.emails()) {
            Email email = new Email(e.value());
            e.types().forEach(t -> email.getTypes().add(EmailType.get(t)));
            email.setPref(e.pref());
            card.addEmail(email);
        }
        for (TypedValue t : c.phones()) {
            Telephone tel = telephone(t.value());
            t.types().forEach(type -> tel.getTypes().add(TelephoneType.get(type)));
            tel.setPref(t.pref());
            card.addTelephoneNumber(tel);
        }
        for (PostalAddress a : c.addresses()) {
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
            card.addAddress(adr);
        }
        for (TypedValue u : c.urls()) {
            Url url = new Url(u.value());
            url.setType(u.types().isEmpty() ? null : String.join(",", u.types()));
            url.setPref(u.pref());
            card.addUrl(url);
        }
        for (TypedValue i : c.impps()) {
            Impp impp = new Impp(URI.create(i.value()));
            i.types().forEach(t -> impp.getTypes().add(ImppType.get(t)));
            impp.setPref(i.pref());
            card.addImpp(impp);
        }
        if (c.organization() != null) {
            Organization org = new Organization();
            org.getValues().add(c.organization().name() == null ? "" : c.organization().name());
            org.getValues().addAll(c.organization().units());
            card.setOrganization(org);
        }
        if (c.title() != null) {
            card.addTitle(c.title());
        }
        if (c.role() != null) {
            card.addRole(c.role());
        }
        if (c.birthday() != null) {
            card.setBirthday(dated(new Birthday(PartialDate.builder().build()), c.birthday()));
        }
        if (c.anniversary() != null) {
            card.setAnniversary(dated(new Anniversary(PartialDate.builder().build()), c.anniversary()));
        }
        if (c.gender() != null) {
            ezvcard.property.Gender g = new ezvcard.property.Gender(c.gender().sex() == null ? "" : c.gender().sex().name().substring(0, 1));
            g.setText(c.gender().identity());
            card.setGender(g);
        }
        c.notes().forEach(card::addNote);
        if (!c.categories().isEmpty()) {
            Categories cat = new Categories();
            cat.getValues().addAll(c.categories());
            card.setCategories(cat);
        }
        if (photo != null) {
            card.addPhoto(new Photo(photo, ImageType.get(null, photoType, null)));
        }
        for (TypedValue r : c.related()) {
            Related rel = new Related();
            if (URI_LIKE.matcher(r.value()).matches()) {
                rel.setUri(r.value());
            } else {
                rel.setText(r.value());
            }
            r.types().forEach(t -> rel.getTypes().add(RelatedType.get(t)));
            rel.setPref(r.pref());
            card.addRelated(rel);
        }
        c.members().forEach(m -> card.addMember(new Member(m)));
        if (c.geo() != null) {
            card.setGeo(c.geo().latitude(), c.geo().longitude());
        }
        if (c.timeZone() != null) {
            card.setTimezone(UTC_OFFSET.matcher(c.timeZone()).matches() ? new Timezone(ZoneOffset.of(c.timeZone()))
                    : new Timezone(c.timeZone()));
        }
        if (c.revision() != null) {
            card.setRevision(new Revision(c.revision()));
        }
        for (ExtendedProperty x : c.extended()) {
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
            card.addProperty(raw);
        }
        StringWriter out = new StringWriter();
        try (VCardWriter writer = new VCardWriter(out, version)) {
            writer.setAddProdId(false);
            writer.setVersionStrict(false);
            writer.write(card);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        return out.toString();
    }

    private static String fallbackName(Contact c) {
        if (c.name() != null) {
            String joined = String.join(" ", java.util.stream.Stream.of(c.name().given(), c.name().family())
                    .filter(VCards::nonEmpty).toList());
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

    private static <T extends DateOrTimeProperty> T dated(T property, org.dtp.models.contacts.PartialDate d) {
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
        VCardParameters params = p instanceof RawProperty ? p.getParameters() : scribe.prepareParameters(p, VCardVersion.V4_0, card);
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : params) {
            map.put(e.getKey(), new ArrayList<>(e.getValue()));
        }
        String full = p.getGroup() == null ? name : p.getGroup() + "." + name;
        return new ExtendedProperty(full.toUpperCase(Locale.ROOT), map, value == null ? "" : value);
    }

    private static String shorten(String s) {
        return s == null ? "" : s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
}
