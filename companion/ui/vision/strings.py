"""The camera screens' strings, Italian first."""

from __future__ import annotations

from companion.i18n import register

register(
    {
        "vision.title": ("Telecamera", "Camera"),
        "vision.calibrate": ("Calibra", "Calibrate"),
        "vision.geometry": ("Scacchiera", "Board"),
        "vision.geometry.8x8": ("8×8", "8×8"),
        "vision.geometry.11x10c": ("11×10 + cittadelle", "11×10 + citadels"),
        "vision.fps": ("{fps:.1f} fotogrammi/s", "{fps:.1f} frames/s"),
        "vision.source": ("Sorgente: {source}", "Source: {source}"),
        "vision.status.ok": ("Lettura OK", "Reading OK"),
        "vision.status.hand": ("Mano sulla scacchiera", "Hand over the board"),
        "vision.status.motion": ("Movimento sulla scacchiera", "Motion over the board"),
        "vision.status.no_board": ("Scacchiera non trovata", "Board not found"),
        "vision.status.camera_moved": ("Telecamera spostata: ricalibrare", "Camera moved: calibrate again"),
        "vision.status.unexpected": ("La scacchiera non mostra la posizione della partita",
                                     "The board does not show the game's position"),
        "vision.status.waiting": ("In attesa della telecamera…", "Waiting for the camera…"),
        "vision.status.failed": ("La telecamera non risponde", "The camera is not answering"),
        "vision.status.ended": ("Registrazione finita", "Recording finished"),
        "vision.status.bad": ("Sorgente non valida", "Invalid source"),
        "vision.counts": ("Chiari {w} · scuri {b}\nvuote {e}", "Light {w} · dark {b}\nempty {e}"),
        "vision.legend": ("○ pezzo chiaro   ● pezzo scuro", "○ light piece   ● dark piece"),
        "vision.no_camera": ("Nessuna telecamera configurata", "No camera configured"),
        "vision.no_camera_help": (
            "Indicare la telecamera nel file di configurazione (~/.config/companion/config.toml), "
            "sezione [camera], chiave source: \"picamera\", il numero di una telecamera (0), "
            "un file video o una cartella di immagini. La partita continua al tocco.",
            "Name the camera in the config file (~/.config/companion/config.toml), section "
            "[camera], key source: \"picamera\", a camera number (0), a video file or a folder "
            "of images. The game goes on by touch.",
        ),
        "vision.banner.failed": ("Telecamera ferma, riprovo; si gioca al tocco ({message})",
                                 "Camera stopped, retrying; play on by touch ({message})"),
        "vision.banner.back": ("Telecamera di nuovo attiva", "Camera back"),
        "vision.banner.bad": ("Telecamera non utilizzabile: {message}", "Camera unusable: {message}"),
        # calibration
        "vision.cal.title": ("Calibrazione", "Calibration"),
        "vision.cal.auto": ("Ricerca automatica", "Find automatically"),
        "vision.cal.searching": ("Ricerca…", "Searching…"),
        "vision.cal.undo": ("Togli l'ultimo punto", "Undo last tap"),
        "vision.cal.save": ("Salva", "Save"),
        "vision.cal.live": ("Nuova immagine", "New picture"),
        "vision.cal.tap1": ("Tocca l'angolo di a1 (fuori dalla casa a1)",
                            "Tap the a1 corner (outside square a1)"),
        "vision.cal.tap2": ("Tocca l'angolo dopo l'ultima colonna sulla traversa 1",
                            "Tap the corner past the last file on rank 1"),
        "vision.cal.tap3": ("Tocca l'angolo opposto ad a1", "Tap the corner opposite a1"),
        "vision.cal.tap4": ("Tocca l'angolo oltre la colonna a sull'ultima traversa",
                            "Tap the corner beyond file a on the last rank"),
        "vision.cal.done": ("Quattro angoli: controlla la griglia e salva",
                            "Four corners: check the grid and save"),
        "vision.cal.found": ("Scacchiera trovata: controlla la griglia e salva",
                             "Board found: check the grid and save"),
        "vision.cal.not_found": ("Scacchiera non trovata: tocca i quattro angoli",
                                 "Board not found: tap the four corners"),
        "vision.cal.saved": ("Calibrazione salvata per questa telecamera", "Calibration saved for this camera"),
        "vision.cal.bad_corners": ("Angoli non validi: {error}", "Corners not valid: {error}"),
        "vision.cal.no_frame": ("Nessuna immagine dalla telecamera", "No picture from the camera"),
        "vision.cal.not_saved": ("Calibrazione non salvata: {error}", "Calibration not saved: {error}"),
        "vision.cal.corner": ("Angolo {n}", "Corner {n}"),
        "vision.cal.outside": ("Tocca dentro l'immagine", "Tap inside the picture"),
    }
)
