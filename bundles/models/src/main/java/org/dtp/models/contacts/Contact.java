package org.dtp.models.contacts;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;
import org.dtp.models.media.GeoLocation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A contact with the properties of vCard 4. {@code id} is the source's id, {@code uid} the vCard
 * UID. {@code related} holds RELATED values (TYPE spouse, child, ...), {@code members} the MEMBER
 * URIs of a group. {@code timeZone} is TZ as given (a zone id, a UTC offset or a URI).
 * Properties without a field here (LANG, KEY, X- properties, ...) go to {@code extended}.
 * {@code kindText} holds the source's kind when {@code kind} is OTHER, and only then.
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
        List<ExtendedProperty> extended) implements ItemModel {

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
    }

    /** The photo, if any: its bytes travel by reference like any other media. */
    @Override
    @JsonIgnore
    public List<MediaRef> mediaRefs() {
        return photo == null ? List.of() : List.of(photo);
    }
}
