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
        "vision.fps": ("{fps} immagini al secondo", "{fps} pictures a second"),
        "vision.source": ("Telecamera: {source}", "Camera: {source}"),
        "vision.status.ok": ("Scacchiera letta", "Board read"),
        "vision.status.hand": ("Mano sulla scacchiera", "Hand over the board"),
        "vision.status.motion": ("Movimento sulla scacchiera", "Motion over the board"),
        "vision.status.no_board": ("Scacchiera non trovata", "Board not found"),
        "vision.status.camera_moved": ("Telecamera spostata: calibrala di nuovo", "Camera moved: calibrate it again"),
        "vision.status.unexpected": ("La scacchiera non mostra la posizione della partita",
                                     "The board does not show the game's position"),
        "vision.status.waiting": ("In attesa della telecamera…", "Waiting for the camera…"),
        "vision.status.failed": ("La telecamera non risponde", "The camera is not answering"),
        "vision.status.ended": ("Registrazione finita", "Recording finished"),
        "vision.status.bad": ("Telecamera non utilizzabile", "Camera unusable"),
        "vision.count.light": ("Pezzi chiari: {n}", "Light pieces: {n}"),
        "vision.count.dark": ("Pezzi scuri: {n}", "Dark pieces: {n}"),
        "vision.count.empty": ("Case vuote: {n}", "Empty squares: {n}"),
        "vision.count.unsure": ("Case incerte: {n}", "Unsure squares: {n}"),
        "vision.no_camera": ("Nessuna telecamera collegata", "No camera connected"),
        "vision.no_camera_help": (
            "Si gioca al tocco, come sempre: le mosse si inseriscono sullo schermo.\n\n"
            "Per far leggere la scacchiera a una telecamera, chi prepara il companion deve "
            "collegarne una e indicarla nel file di configurazione; il comando "
            "«companion doctor» dice che cosa manca.",
            "Play goes on by touch as always: moves are entered on the screen.\n\n"
            "For a camera to read the board, whoever sets up the companion connects one and "
            "names it in the configuration file; the command \u201ccompanion doctor\u201d says "
            "what is missing.",
        ),
        "vision.banner.failed": ("Telecamera ferma, riprovo; si gioca al tocco ({message})",
                                 "Camera stopped, retrying; play on by touch ({message})"),
        "vision.follow.moved": ("Telecamera spostata: si gioca al tocco finché non ritrova la partita "
                                "(se non la ritrova, calibrala di nuovo)",
                                "Camera moved: play on by touch until it finds the game again "
                                "(if it does not, calibrate it again)"),
        "vision.follow.found": ("La telecamera ha ritrovato la partita e la segue di nuovo",
                                "The camera has found the game again and follows it"),
        "vision.banner.back": ("Telecamera di nuovo attiva", "Camera back"),
        "vision.banner.bad": ("Telecamera non utilizzabile: {message}", "Camera unusable: {message}"),
        # calibration
        "vision.cal.title": ("Calibrazione", "Calibration"),
        "vision.cal.auto": ("Trova la scacchiera", "Find the board"),
        "vision.cal.searching": ("Cerco…", "Searching…"),
        "vision.cal.undo": ("Togli l'ultimo angolo", "Undo last corner"),
        "vision.cal.save": ("Salva", "Save"),
        "vision.cal.live": ("Nuova foto", "New picture"),
        "vision.cal.tap": ("Tocca l'angolo esterno della casa {square}",
                           "Tap the outer corner of square {square}"),
        "vision.cal.citadels": ("Le due cittadelle restano fuori dai quattro angoli.",
                                "The two citadels stay outside the four corners."),
        "vision.cal.done": ("Quattro angoli toccati: controlla che la griglia segua le case e salva",
                            "Four corners tapped: check that the grid follows the squares, then save"),
        "vision.cal.found": ("Scacchiera trovata: controlla la griglia e salva",
                             "Board found: check the grid and save"),
        "vision.cal.not_found": ("Scacchiera non trovata: tocca i quattro angoli",
                                 "Board not found: tap the four corners"),
        "vision.cal.saved": ("Calibrazione salvata per questa telecamera", "Calibration saved for this camera"),
        "vision.cal.bad_corners": ("Questi quattro punti non racchiudono la scacchiera: toccane gli angoli nell'ordine indicato",
                                   "These four points do not enclose the board: tap its corners in the order asked"),
        "vision.cal.no_frame": ("Nessuna immagine dalla telecamera", "No picture from the camera"),
        "vision.cal.not_saved": ("Calibrazione non salvata: {error}", "Calibration not saved: {error}"),
        "vision.cal.corner": ("Angolo {n} di 4", "Corner {n} of 4"),
        "vision.cal.outside": ("Tocca dentro l'immagine", "Tap inside the picture"),
        "vision.cal.loupe": ("Col dito sull'immagine compare la lente: scorri fino all'angolo e solleva.",
                             "With a finger on the picture a loupe appears: slide to the corner and lift."),
    }
)
