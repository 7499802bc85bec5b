package org.dtp.models.contacts;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;
import org.dtp.models.media.GeoLocation;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A contact with the properties of vCard 4. {@code id} is the source's id, {@code uid} the vCard
 * UID. {@code related} holds RELATED values (TYPE spouse, child, ...), {@code members} the MEMBER
 * URIs of a group. {@code timeZone} is TZ as given (a zone id, a UTC offset or a URI).
 * Properties without a field here (LANG, KEY, X- properties, ...) go to {@code extended}.
 * {@code kindText} holds the source's kind when {@code kind} is OTHER, and only then.
 * {@code propertyDetails} holds, by field path ({@code formattedName}, {@code emails[1]}, {@code addresses[0]}),
 * the group and the parameters of the vCard property behind that field that no other field carries (since 1.2).
 */
@Schema(name = "dtp.contacts.contact")
public record Contact(
        String id,
        String uid,
        ContactKind kind,
        String kindText,
        String formattedName,
        StructuredName name,
        List<String> nicknames,
        List<TypedValue> emails,
        List<TypedValue> phones,
        List<PostalAddress> addresses,
        List<TypedValue> urls,
        List<TypedValue> impps,
        Organization organization,
        String title,
        String role,
        PartialDate birthday,
        PartialDate anniversary,
        Gender gender,
        List<String> notes,
        List<String> categories,
        MediaRef photo,
        List<TypedValue> related,
        List<String> members,
        GeoLocation geo,
        String timeZone,
        Instant revision,
        List<ExtendedProperty> extended,
        Map<String, PropertyDetails> propertyDetails) implements ItemModel {

    public Contact {
        Objects.requireNonNull(id, "id");
        if ((kind == ContactKind.OTHER) != (kindText != null)) {
            throw new IllegalArgumentException("kindText is set exactly when kind is OTHER");
        }
        nicknames = nicknames == null ? List.of() : List.copyOf(nicknames);
        emails = emails == null ? List.of() : List.copyOf(emails);
        phones = phones == null ? List.of() : List.copyOf(phones);
        addresses = addresses == null ? List.of() : List.copyOf(addresses);
        urls = urls == null ? List.of() : List.copyOf(urls);
        impps = impps == null ? List.of() : List.copyOf(impps);
        notes = notes == null ? List.of() : List.copyOf(notes);
        categories = categories == null ? List.of() : List.copyOf(categories);
        related = related == null ? List.of() : List.copyOf(related);
        members = members == null ? List.of() : List.copyOf(members);
        extended = extended == null ? List.of() : List.copyOf(extended);
        propertyDetails = propertyDetails == null ? Map.of() : Map.copyOf(propertyDetails);
    }

    /** The components of 1.1, without property details: kept so that code built against 1.1 runs unchanged. */
    public Contact(String id, String uid, ContactKind kind, String kindText, String formattedName, StructuredName name,
                   List<String> nicknames, List<TypedValue> emails, List<TypedValue> phones, List<PostalAddress> addresses,
                   List<TypedValue> urls, List<TypedValue> impps, Organization organization, String title, String role,
                   PartialDate birthday, PartialDate anniversary, Gender gender, List<String> notes,
                   List<String> categories, MediaRef photo, List<TypedValue> related, List<String> members,
                   GeoLocation geo, String timeZone, Instant revision, List<ExtendedProperty> extended) {
        this(id, uid, kind, kindText, formattedName, name, nicknames, emails, phones, addresses, urls, impps,
                organization, title, role, birthday, anniversary, gender, notes, categories, photo, related, members,
                geo, timeZone, revision, extended, null);
    }

    /** The photo, if any: its bytes travel by reference like any other media. */
    @Override
    @JsonIgnore
    public List<MediaRef> mediaRefs() {
        return photo == null ? List.of() : List.of(photo);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this Contact's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link Contact} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     */
    public static final class Builder {
        private String id;
        private String uid;
        private ContactKind kind;
        private String kindText;
        private String formattedName;
        private StructuredName name;
        private List<String> nicknames;
        private List<TypedValue> emails;
        private List<TypedValue> phones;
        private List<PostalAddress> addresses;
        private List<TypedValue> urls;
        private List<TypedValue> impps;
        private Organization organization;
        private String title;
        private String role;
        private PartialDate birthday;
        private PartialDate anniversary;
        private Gender gender;
        private List<String> notes;
        private List<String> categories;
        private MediaRef photo;
        private List<TypedValue> related;
        private List<String> members;
        private GeoLocation geo;
        private String timeZone;
        private Instant revision;
        private List<ExtendedProperty> extended;
        private Map<String, PropertyDetails> propertyDetails;

        private Builder() {
        }

        private Builder(Contact source) {
            id = source.id;
            uid = source.uid;
            kind = source.kind;
            kindText = source.kindText;
            formattedName = source.formattedName;
            name = source.name;
            nicknames = source.nicknames;
            emails = source.emails;
            phones = source.phones;
            addresses = source.addresses;
            urls = source.urls;
            impps = source.impps;
            organization = source.organization;
            title = source.title;
            role = source.role;
            birthday = source.birthday;
            anniversary = source.anniversary;
            gender = source.gender;
            notes = source.notes;
            categories = source.categories;
            photo = source.photo;
            related = source.related;
            members = source.members;
            geo = source.geo;
            timeZone = source.timeZone;
            revision = source.revision;
            extended = source.extended;
            propertyDetails = source.propertyDetails;
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder kind(ContactKind kind) {
            this.kind = kind;
            return this;
        }

        public Builder kindText(String kindText) {
            this.kindText = kindText;
            return this;
        }

        public Builder formattedName(String formattedName) {
            this.formattedName = formattedName;
            return this;
        }

        public Builder name(StructuredName name) {
            this.name = name;
            return this;
        }

        public Builder nicknames(List<String> nicknames) {
            this.nicknames = nicknames;
            return this;
        }

        public Builder emails(List<TypedValue> emails) {
            this.emails = emails;
            return this;
        }

        public Builder phones(List<TypedValue> phones) {
            this.phones = phones;
            return this;
        }

        public Builder addresses(List<PostalAddress> addresses) {
            this.addresses = addresses;
            return this;
        }

        public Builder urls(List<TypedValue> urls) {
            this.urls = urls;
            return this;
        }

        public Builder impps(List<TypedValue> impps) {
            this.impps = impps;
            return this;
        }

        public Builder organization(Organization organization) {
            this.organization = organization;
            return this;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder role(String role) {
            this.role = role;
            return this;
        }

        public Builder birthday(PartialDate birthday) {
            this.birthday = birthday;
            return this;
        }

        public Builder anniversary(PartialDate anniversary) {
            this.anniversary = anniversary;
            return this;
        }

        public Builder gender(Gender gender) {
            this.gender = gender;
            return this;
        }

        public Builder notes(List<String> notes) {
            this.notes = notes;
            return this;
        }

        public Builder categories(List<String> categories) {
            this.categories = categories;
            return this;
        }

        public Builder photo(MediaRef photo) {
            this.photo = photo;
            return this;
        }

        public Builder related(List<TypedValue> related) {
            this.related = related;
            return this;
        }

        public Builder members(List<String> members) {
            this.members = members;
            return this;
        }

        public Builder geo(GeoLocation geo) {
            this.geo = geo;
            return this;
        }

        public Builder timeZone(String timeZone) {
            this.timeZone = timeZone;
            return this;
        }

        public Builder revision(Instant revision) {
            this.revision = revision;
            return this;
        }

        public Builder extended(List<ExtendedProperty> extended) {
            this.extended = extended;
            return this;
        }

        public Builder propertyDetails(Map<String, PropertyDetails> propertyDetails) {
            this.propertyDetails = propertyDetails;
            return this;
        }

        /** The Contact; throws as the canonical constructor does when the components break its rules. */
        public Contact build() {
            return new Contact(id, uid, kind, kindText, formattedName, name, nicknames, emails, phones,
                    addresses, urls, impps, organization, title, role, birthday, anniversary, gender, notes,
                    categories, photo, related, members, geo, timeZone, revision, extended, propertyDetails);
        }
    }
}
