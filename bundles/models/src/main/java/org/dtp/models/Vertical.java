package org.dtp.models;

import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;

/** A kind of data a person moves, with the container and item models adapters exchange for it. */
public enum Vertical {
    MEDIA("photos and videos with albums", PhotoAlbum.class, MediaItem.class, "when taken"),
    CONTACTS("contacts", AddressBook.class, Contact.class, null),
    CALENDAR("calendars and events", Calendar.class, CalendarEvent.class, "start"),
    TASKS("task lists and tasks", TaskList.class, Task.class, "due date, else start, else completion"),
    MAIL("mail folders and messages", MailFolder.class, MailMessage.class, "date sent, else received"),
    PLAYLISTS("playlists and tracks", Playlist.class, PlaylistTrack.class, null),
    SOCIAL("social posts", SocialFeed.class, SocialPost.class, "when published");

    private final String description;
    private final Class<? extends ContainerModel> containerType;
    private final Class<? extends ItemModel> itemType;
    private final String itemDate;

    Vertical(String description, Class<? extends ContainerModel> containerType, Class<? extends ItemModel> itemType,
             String itemDate) {
        this.description = description;
        this.containerType = containerType;
        this.itemType = itemType;
        this.itemDate = itemDate;
    }

    public String description() {
        return description;
    }

    public Class<? extends ContainerModel> containerType() {
        return containerType;
    }

    public Class<? extends ItemModel> itemType() {
        return itemType;
    }

    /**
     * Which date of an item {@link ItemModel#selectionInstant()} gives, in words ("when taken"), or empty when this
     * vertical's items have none (contacts, playlist tracks): a date range cannot select them. Since 1.2.
     */
    public java.util.Optional<String> itemDate() {
        return java.util.Optional.ofNullable(itemDate);
    }

    /**
     * Parses a vertical name case-insensitively.
     *
     * @throws IllegalArgumentException naming the verticals that exist, when {@code name} is none of them
     */
    public static Vertical parse(String name) {
        if (name != null) {
            for (Vertical v : values()) {
                if (v.name().equalsIgnoreCase(name.trim())) {
                    return v;
                }
            }
        }
        throw new IllegalArgumentException("unknown vertical '" + name + "'; known verticals: "
                + java.util.Arrays.toString(values()).toLowerCase(java.util.Locale.ROOT));
    }
}
